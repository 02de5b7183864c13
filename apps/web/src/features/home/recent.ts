/**
 * "Recent records" on the home page. Each product area registers one lazily loaded source here (one line) that
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

/** A source whose module loads only when the list is fetched, so the home page's first download stays small. */
const lazySource = (key: string, load: () => Promise<RecentSource>): RecentSource => ({
  key,
  load: async (limit) => (await load()).load(limit),
});

export const recentSources: RecentSource[] = [
  lazySource('check', () => import('../check/recent.ts').then((m) => m.checkRecent)),
  lazySource('aigc', () => import('../aigc/recent.ts').then((m) => m.aigcRecent)),
  lazySource('machine', () => import('../rewrite/recent.ts').then((m) => m.machineRecent)),
  lazySource('writing', () => import('../writing/recent.ts').then((m) => m.writingRecent)),
  lazySource('ppt', () => import('../slides/recent.ts').then((m) => m.pptRecent)),
  lazySource('reduce', () => import('../reduce/recent.ts').then((m) => m.reduceRecent)),
];

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
