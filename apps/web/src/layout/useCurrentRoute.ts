import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { matchAppRoute } from '../router/lookup.ts';
import { routes } from '../router/routes.tsx';
import type { RouteMatch } from '../router/types.ts';

/** The route-table record of the current location. */
export function useCurrentRoute(): RouteMatch | null {
  const { pathname } = useLocation();
  return useMemo(() => matchAppRoute(routes, pathname), [pathname]);
}
