import { useMemo } from 'react';
import { visibleRoutes } from '../access.ts';
import { routes } from '../router/routes.tsx';
import type { AppRoute } from '../router/types.ts';
import { useViewer } from '../store/user.ts';

/** The route tree as the current viewer sees it: the sidebar, the top navigation and the route search. */
export function useVisibleRoutes(): AppRoute[] {
  const viewer = useViewer();
  return useMemo(() => visibleRoutes(routes, viewer), [viewer]);
}
