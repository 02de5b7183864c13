import type { AppRoute, RouteRole } from './types.ts';

/** A route with role metadata is included only if the user holds one of its roles (spec §5). */
export function hasPermission(roles: readonly RouteRole[], route: AppRoute): boolean {
  const needed = route.meta?.roles;
  if (!needed || needed.length === 0) return true;
  return roles.some((r) => needed.includes(r));
}

export function filterRoutesByRoles(routes: readonly AppRoute[], roles: readonly RouteRole[]): AppRoute[] {
  const out: AppRoute[] = [];
  for (const route of routes) {
    if (!hasPermission(roles, route)) continue;
    out.push(route.children ? { ...route, children: filterRoutesByRoles(route.children, roles) } : route);
  }
  return out;
}

/** Builds the accessible routes: admin gets them all (spec §5), others by role metadata. */
export function generateRoutes(routes: readonly AppRoute[], roles: readonly RouteRole[]): AppRoute[] {
  return roles.includes('admin') ? [...routes] : filterRoutesByRoles(routes, roles);
}
