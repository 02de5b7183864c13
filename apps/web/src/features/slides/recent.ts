import type { PptRecord } from '@paperdesk/contracts';
import { latestRecords } from '../../shared/records/latest.ts';
import i18n from '../../locales/index.ts';
import type { RecentSource } from '../home/recent.ts';
import { deckPath } from './routes.ts';

/** The home page's "recent records": the latest decks. */
export const pptRecent: RecentSource = {
  key: 'ppt',
  async load(limit) {
    const records = await latestRecords<PptRecord>('ppt', limit);
    return records.map((r) => ({
      key: `ppt:${r.id}`,
      service: 'home:services.ppt.name',
      title: r.topic,
      status: i18n.t(`ppt:status.${r.status}`),
      time: r.createdAt,
      to: deckPath(r.id),
    }));
  },
};
