import { checkRecent } from '../paper/recent.ts';

/**
 * "Recent records" on the home page. Each product area registers one loader here (one line) that
 * returns the signed-in user's latest records; the home page merges them by time.
 */
export interface RecentRecord {
  /** Unique across areas, e.g. `check:42`. */
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

export interface RecentSource {
  key: string;
  load: (limit: number) => Promise<RecentRecord[]>;
}

export const recentSources: RecentSource[] = [checkRecent];

export async function loadRecent(
  sources: readonly RecentSource[] = recentSources,
  limit = 5,
): Promise<RecentRecord[]> {
  const settled = await Promise.allSettled(sources.map((s) => s.load(limit)));
  return settled
    .flatMap((r) => (r.status === 'fulfilled' ? r.value : []))
    .sort((a, b) => Date.parse(b.time) - Date.parse(a.time))
    .slice(0, limit);
}
