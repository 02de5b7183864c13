import { matchRoutes } from 'react-router';
import type { AppRoute, RouteMatch } from './types.ts';

/** Every record of the table with its menu ancestors, in table order. */
export function flattenRoutes(
  routes: readonly AppRoute[],
  parents: AppRoute[] = [],
): { route: AppRoute; parents: AppRoute[] }[] {
  const out: { route: AppRoute; parents: AppRoute[] }[] = [];
  for (const route of routes) {
    out.push({ route, parents });
    if (route.children) out.push(...flattenRoutes(route.children, [...parents, route]));
  }
  return out;
}

/** The table record that renders `pathname` (react-router's ranking: static segments beat params). */
export function matchAppRoute(routes: readonly AppRoute[], pathname: string): RouteMatch | null {
  const flat = flattenRoutes(routes).filter((r) => r.route.page || r.route.redirect);
  const objects = flat.map((r, i) => ({ id: String(i), path: r.route.path }));
  const found = matchRoutes(objects, pathname);
  const last = found?.[found.length - 1];
  if (!last) return null;
  const entry = flat[Number(last.route.id)];
  return entry ? { route: entry.route, parents: entry.parents, params: last.params } : null;
}

/** Whether a path exists in the table (used for the unknown-path rule and for "coming soon" items). */
export function hasRoute(routes: readonly AppRoute[], pathname: string): boolean {
  return matchAppRoute(routes, pathname) !== null;
}

/**
 * Breadcrumb chain: menu ancestors with titles, then the page itself. A page that declared its menu entry
 * (one content URL for 全文降重 and 降AIGC records) stands under that entry's ancestors instead of its URL's.
 */
export function breadcrumbFor(match: RouteMatch | null, declaredMenu: RouteMatch | null = null): AppRoute[] {
  if (!match) return [];
  return [...(declaredMenu ?? match).parents, match.route].filter((r) => r.meta?.title);
}
