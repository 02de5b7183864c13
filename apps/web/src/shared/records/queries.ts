import { useQuery } from '@tanstack/react-query';
import { isActive, type RecordStatus } from './status.ts';

/** The product areas whose records the kit lists, shows and polls. */
export const RECORD_AREAS = ['check', 'aigc', 'machine', 'writing', 'ppt', 'reduce'] as const;
export type RecordArea = (typeof RECORD_AREAS)[number];

/** Whether a query caches something about records (a list, a record or its parts). */
export const isRecordQuery = (key: readonly unknown[]): boolean =>
  (RECORD_AREAS as readonly unknown[]).includes(key[0]);

/**
 * Every query key of the web app, in one place so that an invalidation always names what a page cached.
 * A record's key is a prefix of its parts' keys (`['check', 7, 'report']`), so invalidating a record
 * refreshes everything shown about it.
 */
export const queryKeys = {
  account: ['account'] as const,
  orders: ['orders'] as const,
  ledger: ['ledger'] as const,
  order: (id: number | undefined) => ['order', id] as const,
  products: ['products'] as const,
  /** Public configuration entries whose key starts with `scope` (`price.`, `limit.check.`, …). */
  sysConfig: (scope: string) => ['sysConfig', scope] as const,
  homeRecent: ['home', 'recent'] as const,
  pptTemplates: ['pptTemplates'] as const,
  pptOutlineQuota: ['pptOutlineQuota'] as const,
  /** One page of an area's records; the filters follow. */
  records: (area: RecordArea, ...filters: unknown[]) => [area, 'list', ...filters] as const,
  record: (area: RecordArea, id: number | null) => [area, id] as const,
  /** Something derived from a record (its report, its cost, …); `parts` tell which. */
  recordPart: (area: RecordArea, id: number | null, ...parts: unknown[]) => [area, id, ...parts] as const,
};

/** How often a page asks again while something runs on the server. */
export const POLL_MS = {
  /** A records list with a record queued or running. */
  records: 2000,
  /** One record being checked, rewritten, written or generated. */
  record: 1500,
  /** An order waiting to be paid. */
  payment: 2000,
} as const;

export const validId = (id: number | null): id is number => id !== null && Number.isInteger(id) && id > 0;

/**
 * One record of `area`, asked again every {@link POLL_MS.record} while it is queued or running. `load` is the
 * area's silent load call (a poll must not toast); `statusOf` reads the status when the cached value wraps
 * the record; `part` keeps a differently shaped value apart from the bare record's cache entry.
 */
export function usePolledRecord<T>(
  area: RecordArea,
  id: number | null,
  load: (id: number) => Promise<T>,
  options: {
    statusOf?: (value: T) => RecordStatus;
    part?: string;
    enabled?: boolean;
    retry?: boolean;
    /** false: asked once per visit (a confirm page: it leaves once the record is submitted). */
    poll?: boolean;
  } = {},
) {
  const statusOf = options.statusOf ?? ((value: T) => (value as { status: RecordStatus }).status);
  return useQuery({
    queryKey: options.part ? queryKeys.recordPart(area, id, options.part) : queryKeys.record(area, id),
    queryFn: () => load(id as number),
    enabled: (options.enabled ?? true) && validId(id),
    staleTime: 0,
    ...(options.retry === false ? { retry: false } : {}),
    refetchInterval: (q) =>
      options.poll !== false && q.state.data && isActive(statusOf(q.state.data)) ? POLL_MS.record : false,
  });
}

/**
 * The report of a record of `area` once it is `done`: fetched once per `version` (e.g. when it finished, so
 * that a rerun fetches the new one) and kept, since a finished report does not change.
 */
export function useRecordReport<T>(
  area: RecordArea,
  id: number,
  done: boolean,
  load: (id: number) => Promise<T>,
  version?: unknown,
) {
  return useQuery({
    queryKey:
      version === undefined
        ? queryKeys.recordPart(area, id, 'report')
        : queryKeys.recordPart(area, id, 'report', version),
    queryFn: () => load(id),
    enabled: done,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A report page's data: the record, polled while it runs, and its report once it is done (asked again when it
 * finishes anew, after a rerun). `loadRecord` is the area's silent load call.
 */
export function useReportedRecord<R extends { status: RecordStatus; finishedAt: string | null }, T>(
  area: RecordArea,
  id: number,
  loadRecord: (id: number) => Promise<{ result: R }>,
  loadReport: (id: number) => Promise<{ result: T }>,
  options: { retry?: boolean } = {},
) {
  const record = usePolledRecord(area, id, async (id) => (await loadRecord(id)).result, options);
  const report = useRecordReport(
    area,
    id,
    record.data?.status === 'done',
    async (id) => (await loadReport(id)).result,
    record.data?.finishedAt,
  );
  return { record, report };
}
