import type { CheckRecord } from '@paperdesk/contracts';
import { latestRecords } from '../../shared/records/latest.ts';
import i18n from '../../locales/index.ts';
import type { RecentSource } from '../home/recent.ts';
import { checkRecordPath } from './routes.ts';

/** The home page's "recent records": the latest checks. */
export const checkRecent: RecentSource = {
  key: 'check',
  async load(limit) {
    const records = await latestRecords<CheckRecord>('check', limit);
    return records.map((r) => ({
      key: `check:${r.id}`,
      service: 'home:services.check.name',
      title: r.title,
      status:
        r.status === 'done' && r.metrics
          ? `${i18n.t('check:report.total')} ${(Math.round(r.metrics.totalRatio * 1000) / 10).toFixed(1)}%`
          : i18n.t(`check:status.${r.status}`),
      time: r.createdAt,
      to: checkRecordPath(r),
    }));
  },
};
