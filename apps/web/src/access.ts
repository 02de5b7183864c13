/**
 * Who may open and who sees each page: the one access rule of the web app (pure: no store, no router). The route
 * tree declares each page's `access`; the guard, the menus and the route search ask the functions below.
 *
 * - `guest`: open without a token (spec §4's guard list, as the default guest);
 * - `signed-in` (the default): a guest is sent to /login;
 * - `admin`: the 管理后台 pages, for accounts whose server role is admin (`login_api/current` → `roles`).
 *
 * The spec's client role is apart from these: every user, guests included, holds the role `admin` (spec §6), so
 * "admin gets all routes" (spec §5) and no page is hidden by a client role.
 */
export type RouteAccess = 'guest' | 'signed-in' | 'admin';

/** Client-side roles of the session (spec §4 "token present with roles loaded"). */
export type ClientRole = 'admin' | (string & {});

/** Spec §6: the client gives every user, guests included, the role admin. */
export const CLIENT_ROLES: readonly ClientRole[] = ['admin'];

/** What access depends on: a session (a token) and the server's word that the account is an administrator. */
export interface Viewer {
  signedIn: boolean;
  admin: boolean;
}

/** Anything the access rule judges: a page of the route tree (with its sub-pages). */
interface Guarded {
  path: string;
  meta?: { access?: RouteAccess };
  children?: readonly Guarded[];
}

/** Whether `viewer` may open a page declared with `access`. */
export function canOpen(viewer: Viewer, access: RouteAccess = 'signed-in'): boolean {
  if (access === 'guest') return true;
  if (access === 'admin') return viewer.signedIn && viewer.admin;
  return viewer.signedIn;
}

/**
 * Whether a page shows in the menus and the search: every product page (a guest who picks a signed-in one is
 * asked to sign in), the console only to an administrator.
 */
export function canSee(viewer: Viewer, access: RouteAccess | undefined): boolean {
  return access !== 'admin' || viewer.admin;
}

/** The route tree as `viewer` sees it in the menus and the search. */
export function visibleRoutes<R extends Guarded>(routes: readonly R[], viewer: Viewer): R[] {
  const out: R[] = [];
  for (const route of routes) {
    if (!canSee(viewer, route.meta?.access)) continue;
    out.push(route.children ? { ...route, children: visibleRoutes(route.children, viewer) } : route);
  }
  return out;
}

/** The paths a guest may open (spec §4's list): every page of the tree declared `access: 'guest'`. */
export function guestPaths(routes: readonly Guarded[]): string[] {
  return routes.flatMap((r) => [
    ...(r.meta?.access === 'guest' ? [r.path] : []),
    ...guestPaths(r.children ?? []),
  ]);
}
