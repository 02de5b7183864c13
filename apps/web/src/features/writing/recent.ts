import type { WritingRecord } from '@paperdesk/contracts';
import { latestRecords } from '../../shared/records/latest.ts';
import i18n from '../../locales/index.ts';
import type { RecentSource } from '../home/recent.ts';
import { confirmPath, contentPath } from './routes.ts';

/** The home page's "recent records": the latest papers being written. */
export const writingRecent: RecentSource = {
  key: 'writing',
  async load(limit) {
    const records = await latestRecords<WritingRecord>('writing', limit);
    return records.map((r) => ({
      key: `writing:${r.id}`,
      service: 'home:services.writing.name',
      title: r.title,
      status: i18n.t(`writing:status.${r.status}`),
      time: r.createdAt,
      to: r.status === 'created' ? confirmPath(r) : contentPath(r.id),
    }));
  },
};
