import { Activity, type ReactNode, useRef, useState } from 'react';
import { useLocation, useOutlet } from 'react-router';
import Breadcrumb from './Breadcrumb.tsx';
import { useCurrentRoute } from '../useCurrentRoute.ts';
import { useTagsViewStore } from '../../store/tagsView.ts';

let mounts = 0;

/** Wraps one view; `data-mount-id` changes only when the view really mounts again. */
function ViewFrame({ path, children }: { path: string; children: ReactNode }) {
  const [mountId] = useState(() => ++mounts);
  return (
    <div className="app-view" data-view={path} data-mount-id={mountId}>
      {children}
    </div>
  );
}

/**
 * The page area. Routes with `meta.cache` stay mounted (hidden with React's <Activity>) while their tag
 * is open, so they come back with their state; closing or refreshing the tag drops them.
 */
export default function AppMain() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const match = useCurrentRoute();
  const cachedViews = useTagsViewStore((s) => s.cachedViews);
  const cacheRef = useRef(new Map<string, ReactNode>());
  const cache = cacheRef.current;
  const currentCacheable = Boolean(match?.route.meta?.cache);

  for (const key of [...cache.keys()]) {
    if (key !== pathname && !cachedViews.includes(key)) cache.delete(key);
  }
  if (currentCacheable) cache.set(pathname, outlet);
  else cache.delete(pathname);

  return (
    <main className="app-main">
      <Breadcrumb />
      {[...cache.entries()].map(([key, element]) => (
        <Activity key={key} mode={key === pathname ? 'visible' : 'hidden'}>
          <ViewFrame path={key}>{element}</ViewFrame>
        </Activity>
      ))}
      {!currentCacheable && (
        <ViewFrame key={pathname} path={pathname}>
          {outlet}
        </ViewFrame>
      )}
    </main>
  );
}
