import type { AigcRecord } from '@paperdesk/contracts';
import { latestRecords } from '../../shared/records/latest.ts';
import i18n from '../../locales/index.ts';
import type { RecentSource } from '../home/recent.ts';
import { aigcContentPath } from './routes.ts';

/** The home page's "recent records": the latest AIGC checks. */
export const aigcRecent: RecentSource = {
  key: 'aigc',
  async load(limit) {
    const records = await latestRecords<AigcRecord>('aigc', limit);
    return records.map((r) => ({
      key: `aigc:${r.id}`,
      service: 'home:services.aigcCheck.name',
      title: r.title,
      status:
        r.status === 'done' && r.metrics
          ? `${i18n.t('aigc:report.ratio')} ${(Math.round(r.metrics.aiCharRatio * 1000) / 10).toFixed(1)}%`
          : i18n.t(`aigc:status.${r.status}`),
      time: r.createdAt,
      to: aigcContentPath(r.id),
    }));
  },
};
