import { hasRoute } from './lookup.ts';
import { routes } from './routes.tsx';
import type { AppRoute, RouteMatch } from './types.ts';

/**
 * Top navigation (spec §1 order) with the highlight indices of spec §2. An item whose page is not in
 * the route table yet is shown as 即将上线 (disabled) instead of leading to a placeholder.
 */
export interface NavItem {
  index: number;
  /** i18n key in the `navbar` namespace. */
  titleKey: string;
  /** Where the item leads. */
  path: string;
}

export const TOP_NAV: readonly NavItem[] = [
  { index: 1, titleKey: 'nav.home', path: '/home' },
  { index: 3, titleKey: 'nav.write', path: '/papergc/gc' },
  { index: 4, titleKey: 'nav.rewrite', path: '/nlp/machine' },
  { index: 6, titleKey: 'nav.aigcRewrite', path: '/aigcdown/machine' },
  { index: 16, titleKey: 'nav.aigcCheck', path: '/aigccheck/check' },
  { index: 2, titleKey: 'nav.check', path: '/papercheck/check' },
  { index: 5, titleKey: 'nav.cnki', path: '/cnki/cnki' },
  { index: 9, titleKey: 'nav.ppt', path: '/aippt/ppt' },
  { index: 7, titleKey: 'nav.order', path: '/order/taocan' },
];

/**
 * Highlight index by path when a route does not declare `meta.navIndex` (spec §2: home 1; check 2 incl.
 * the report page; write 3; paper rewriting 4; database rewrite 5; AI-trace rewriting 6; order pages 7;
 * PPT 9; AI detection 16). First match wins, so the specific prefixes come first.
 */
const NAV_BY_PREFIX: readonly [string, number][] = [
  ['/home', 1],
  ['/papermachine/cnki', 5],
  ['/cnki', 5],
  ['/papermachinesubmit/aigc', 6],
  ['/aigcdown', 6],
  ['/aigc/', 6],
  ['/aigccheck', 16],
  ['/papercheck', 2],
  ['/paper/', 2],
  ['/papergc', 3],
  ['/paperwirte', 3],
  ['/papermachinesubmit', 4],
  ['/papermachine', 4],
  ['/nlp', 4],
  ['/machine', 4],
  ['/order', 7],
  ['/aippt', 9],
];

export function navIndexFor(pathname: string, match: RouteMatch | null): number | null {
  const declared =
    match?.route.meta?.navIndex ?? match?.parents.findLast((p) => p.meta?.navIndex)?.meta?.navIndex;
  if (declared !== undefined) return declared;
  const hit = NAV_BY_PREFIX.find(
    ([prefix]) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix),
  );
  return hit ? hit[1] : null;
}

export function navItemAvailable(routes: readonly AppRoute[], item: NavItem): boolean {
  return hasRoute(routes, item.path);
}

/** Whether `path` opens a page of the route tree (links to pages not built yet show 即将上线). */
export function pageAvailable(path: string): boolean {
  return hasRoute(routes, path);
}
