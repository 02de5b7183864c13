import type { ReduceRecord } from '@paperdesk/contracts';
import i18n from '../../locales/index.ts';
import { latestRecords } from '../../shared/records/latest.ts';
import type { RecentSource } from '../home/recent.ts';
import { reduceContentPath } from './routes.ts';

/** The home page's "recent records": the latest whole-paper 降重 and 降AIGC jobs. */
export const reduceRecent: RecentSource = {
  key: 'reduce',
  async load(limit) {
    const records = await latestRecords<ReduceRecord>('reduce', limit);
    return records.map((r) => ({
      key: `reduce:${r.id}`,
      service: r.kind === 'aigc' ? 'home:services.aigcRewrite.name' : 'home:services.rewrite.name',
      title: r.title,
      status: i18n.t(`reduce:status.${r.status}`),
      time: r.createdAt,
      to: reduceContentPath(r.id),
    }));
  },
};
