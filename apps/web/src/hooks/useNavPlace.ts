import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';

/**
 * Where the navigation stands for a page whose place depends on what it shows rather than its URL (one
 * content URL serves both 论文降重 and 降AIGC records): the top nav item's index and the sidebar entry.
 */
export interface NavPlace {
  navIndex: number;
  activeMenu: string;
}

const useNavPlaces = create<{ path: string | null; place: NavPlace | null }>(() => ({
  path: null,
  place: null,
}));

/** The place the page at `pathname` declared, if it declared one (a page left behind never counts). */
export function useDeclaredNavPlace(pathname: string): NavPlace | null {
  return useNavPlaces((s) => (s.path === pathname ? s.place : null));
}

/** Declares the current page's place in the navigation while it is shown; null keeps the route's own. */
export function useNavPlace(place: NavPlace | null) {
  const { pathname } = useLocation();
  const navIndex = place?.navIndex;
  const activeMenu = place?.activeMenu;
  useEffect(() => {
    if (navIndex === undefined || activeMenu === undefined) return;
    useNavPlaces.setState({ path: pathname, place: { navIndex, activeMenu } });
    return () => useNavPlaces.setState({ path: null, place: null });
  }, [pathname, navIndex, activeMenu]);
}
