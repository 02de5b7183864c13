import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/RouteErrorPage.tsx';
import { Splash } from '../components/Splash.tsx';
import Layout from '../layout/index.tsx';
import { RootShell } from '../layout/RootShell.tsx';
import { guardLoader } from './guard-loader.ts';
import { flattenRoutes } from './lookup.ts';
import { routes } from './routes.tsx';
import type { AppRoute } from './types.ts';

/** One react-router record per table page; each view is its own chunk, loaded on demand. */
function toRouteObject(route: AppRoute): RouteObject {
  if (route.redirect) return { path: route.path, element: <Navigate to={route.redirect} replace /> };
  const page = route.page!;
  return {
    path: route.path,
    lazy: async () => ({ Component: (await page()).default }),
    handle: { appRoute: route },
  };
}

export function buildRouteObjects(table: readonly AppRoute[]): RouteObject[] {
  const records = flattenRoutes(table)
    .map((r) => r.route)
    .filter((r) => r.page || r.redirect);
  return [
    {
      id: 'root',
      loader: guardLoader,
      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
        defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname,
      Component: RootShell,
      HydrateFallback: Splash,
      errorElement: <RouteErrorPage />,
      children: [
        { Component: Layout, children: records.filter((r) => !r.standalone).map(toRouteObject) },
        ...records.filter((r) => r.standalone).map(toRouteObject),
        { path: '*', element: <Navigate to="/checkvip" replace /> },
      ],
    },
  ];
}

export const router = createBrowserRouter(buildRouteObjects(routes));
