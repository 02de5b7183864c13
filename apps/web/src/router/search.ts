import Fuse from 'fuse.js';
import type { AppRoute } from './types.ts';

/** One searchable page: its path and its title with the menu titles above it (e.g. 论文查重 › 查重报告). */
export interface SearchEntry {
  path: string;
  title: string[];
}

/** Spec §9: fuzzy threshold 0.4, weights title 0.7 and path 0.3. */
export const FUSE_OPTIONS = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

/** Pages a user can open directly: visible, with a title, without path parameters. */
export function buildSearchPool(
  routes: readonly AppRoute[],
  translate: (key: string) => string,
  prefixTitle: string[] = [],
): SearchEntry[] {
  const out: SearchEntry[] = [];
  for (const route of routes) {
    if (route.meta?.hidden) continue;
    const title = route.meta?.title ? [...prefixTitle, translate(route.meta.title)] : prefixTitle;
    if (route.page && route.meta?.title && !route.path.includes(':') && !route.path.includes('*')) {
      out.push({ path: route.path, title });
    }
    if (route.children) out.push(...buildSearchPool(route.children, translate, title));
  }
  return out;
}

export function createRouteSearch(pool: readonly SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(pool, FUSE_OPTIONS);
  return (query: string) => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : []);
}
