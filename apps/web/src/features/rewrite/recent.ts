import type { MachineRecord } from '@paperdesk/contracts';
import { latestRecords } from '../../shared/records/latest.ts';
import i18n from '../../locales/index.ts';
import type { RecentSource } from '../home/recent.ts';
import { rewriteRecordPath } from './routes.ts';

/** The home page's "recent records": the latest 降重 jobs. */
export const machineRecent: RecentSource = {
  key: 'machine',
  async load(limit) {
    const records = await latestRecords<MachineRecord>('machine', limit);
    return records.map((r) => ({
      key: `machine:${r.id}`,
      service: 'home:services.rewrite.name',
      title: r.title,
      status: i18n.t(`machine:status.${r.status}`),
      time: r.createdAt,
      to: rewriteRecordPath(r),
    }));
  },
};
