import type { ComponentType, ReactNode } from 'react';
import type { RouteAccess } from '../access.ts';

export interface RouteMeta {
  /** i18n key of the title (menu, tags, breadcrumb, search, page title), e.g. `route.home`. */
  title: string;
  /** Menu and tag icon. */
  icon?: ReactNode;
  /** Top-navigation highlight index (spec §2): home 1, check 2, write 3, rewriting 4, … */
  navIndex?: number;
  /** Keep the page mounted when leaving it (keep-alive) so it returns with its state. */
  cache?: boolean;
  /** Pinned tag that cannot be closed. */
  affix?: boolean;
  /** Who may open the page (`access.ts`): `guest`, `signed-in` (when absent) or `admin` (the server's role). */
  access?: RouteAccess;
  /** Not shown in the sidebar, breadcrumb search or menus (detail pages, helpers). */
  hidden?: boolean;
  /** `false` hides the breadcrumb line on this page. */
  breadcrumb?: boolean;
  /** Sidebar item to highlight for a hidden detail page (e.g. `/paper/report` for `/paper/submit/:id`). */
  activeMenu?: string;
}

/** A lazily loaded page module: its default export is the page component. */
export type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * One record of the declarative route table. Paths are absolute (react-router syntax: `:id`, `*`).
 * A record with `children` and no `page` is a menu group (its `redirect` leads to the first page). A record
 * with neither `page` nor `redirect` only names a path for the guard (the router treats it as unknown).
 */
export interface AppRoute {
  path: string;
  /** Page component, loaded on demand (one chunk per view). */
  page?: PageModule;
  /** Client-side redirect target. */
  redirect?: string;
  /** Rendered outside the layout (login, error pages, chat). */
  standalone?: boolean;
  meta?: RouteMeta;
  children?: AppRoute[];
}

/** Where a page sits in the table: the record plus its menu ancestors (for breadcrumbs and search). */
export interface RouteMatch {
  route: AppRoute;
  parents: AppRoute[];
  params: Record<string, string | undefined>;
}
