import { queryMachines } from './api.ts';
import i18n from '../../locales/index.ts';
import type { RecentSource } from '../home/recent.ts';
import { rewriteRecordPath } from './routes.ts';

/** The home page's "recent records": the latest 降重 jobs. */
export const machineRecent: RecentSource = {
  key: 'machine',
  async load(limit) {
    const page = await queryMachines({ pageNo: 1, pageSize: limit }, {}, true);
    return page.result.records.map((r) => ({
      key: `machine:${r.id}`,
      service: 'home:services.rewrite.name',
      title: r.title,
      status: i18n.t(`machine:status.${r.status}`),
      time: r.createdAt,
      to: rewriteRecordPath(r),
    }));
  },
};
