import type {
  AigcRecord,
  CheckRecord,
  MachineRecord,
  PptRecord,
  ReduceRecord,
  WritingRecord,
} from '@paperdesk/contracts';
import i18n from '../../locales/index.ts';
import { aigcContentPath } from '../../shared/paths/aigc.ts';
import { checkRecordPath } from '../../shared/paths/check.ts';
import { reduceContentPath } from '../../shared/paths/reduce.ts';
import { rewriteRecordPath } from '../../shared/paths/rewrite.ts';
import { deckPath } from '../../shared/paths/slides.ts';
import { confirmPath, contentPath } from '../../shared/paths/writing.ts';
import { latestRecords, type RecordGroup, type RecordOf } from '../../shared/records/latest.ts';

/** One line of the home page's "recent records". */
export interface RecentRecord {
  /** Unique across groups, e.g. `check:42`. */
  key: string;
  /** i18n key of the service name, e.g. `home:services.check.name`. */
  service: string;
  title: string;
  /** Short status text (already translated). */
  status?: string;
  /** ISO time of the record. */
  time: string;
  /** Where the record opens. */
  to: string;
}

type Line = Omit<RecentRecord, 'key' | 'time'>;
type Latest = (limit: number) => Promise<RecentRecord[]>;

/** A group's latest records as lines: key and time from the record, the rest by `line`. */
const row =
  <K extends RecordGroup>(group: K, line: (record: RecordOf<K>) => Line): Latest =>
  async (limit) =>
    (await latestRecords(group, limit)).map((r) => ({
      key: `${group}:${r.id}`,
      time: r.createdAt,
      ...line(r),
    }));

const ratio = (r: number) => `${(Math.round(r * 1000) / 10).toFixed(1)}%`;
const statusOf = (ns: string, status: string) => i18n.t(`${ns}:status.${status}`);

/** Every record group on the home page: its list, and how one of its records reads as a line. */
const RECENT: readonly Latest[] = [
  row('check', (r: CheckRecord) => ({
    service: 'home:services.check.name',
    title: r.title,
    status:
      r.status === 'done' && r.metrics
        ? `${i18n.t('check:report.total')} ${ratio(r.metrics.totalRatio)}`
        : statusOf('check', r.status),
    to: checkRecordPath(r),
  })),
  row('aigc', (r: AigcRecord) => ({
    service: 'home:services.aigcCheck.name',
    title: r.title,
    status:
      r.status === 'done' && r.metrics
        ? `${i18n.t('aigc:report.ratio')} ${ratio(r.metrics.aiCharRatio)}`
        : statusOf('aigc', r.status),
    to: aigcContentPath(r.id),
  })),
  row('machine', (r: MachineRecord) => ({
    service: 'home:services.rewrite.name',
    title: r.title,
    status: statusOf('machine', r.status),
    to: rewriteRecordPath(r),
  })),
  row('writing', (r: WritingRecord) => ({
    service: 'home:services.writing.name',
    title: r.title,
    status: statusOf('writing', r.status),
    to: r.status === 'created' ? confirmPath(r) : contentPath(r.id),
  })),
  row('ppt', (r: PptRecord) => ({
    service: 'home:services.ppt.name',
    title: r.topic,
    status: statusOf('ppt', r.status),
    to: deckPath(r.id),
  })),
  row('reduce', (r: ReduceRecord) => ({
    service: r.kind === 'aigc' ? 'home:services.aigcRewrite.name' : 'home:services.rewrite.name',
    title: r.title,
    status: statusOf('reduce', r.status),
    to: reduceContentPath(r.id),
  })),
];

/** The signed-in user's latest records of every group, newest first (a group that fails is left out). */
export async function loadRecent(limit = 5): Promise<RecentRecord[]> {
  const settled = await Promise.allSettled(RECENT.map((latest) => latest(limit)));
  return settled
    .flatMap((r) => (r.status === 'fulfilled' ? r.value : []))
    .sort((a, b) => Date.parse(b.time) - Date.parse(a.time))
    .slice(0, limit);
}
