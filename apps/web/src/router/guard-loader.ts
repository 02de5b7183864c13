import { type LoaderFunctionArgs, redirect } from 'react-router';
import i18n from '../locales/index.ts';
import { usePermissionStore } from '../store/permission.ts';
import { useUserStore } from '../store/user.ts';
import { toast } from '../utils/feedback.ts';
import { decideGuard, guardedMeta, loginRedirect, mayEnter } from './guard.ts';
import { matchAppRoute } from './lookup.ts';
import { routes } from './routes.tsx';

/**
 * Runs before every navigation (the root route's loader): unknown paths go to /checkvip, table redirects
 * are followed, then the guard of spec §4 decides.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const path = url.pathname;
  const fullPath = `${path}${url.search}`;
  const match = matchAppRoute(routes, path);
  if (!match) throw redirect('/checkvip');
  if (match.route.redirect) throw redirect(match.route.redirect);

  const meta = guardedMeta(routes, path);
  const user = useUserStore.getState();
  const decision = decideGuard({ path, fullPath, meta, hasToken: Boolean(user.token), roles: user.roles });
  switch (decision.action) {
    case 'redirect':
      throw redirect(decision.to);
    case 'proceed':
      if (meta?.admin && !user.isAdmin) throw redirect('/401');
      if (usePermissionStore.getState().routes.length === 0)
        usePermissionStore.getState().generateRoutes(user.roles);
      return null;
    case 'guest':
      user.becomeGuest();
      usePermissionStore.getState().generateRoutes(useUserStore.getState().roles);
      return null;
    case 'load-user':
      try {
        await user.getInfo();
      } catch (e) {
        useUserStore.getState().resetToken();
        usePermissionStore.getState().resetRoutes();
        const msg = e instanceof Error && e.message ? e.message : i18n.t('common:hasError');
        toast().error(msg);
        throw redirect(loginRedirect(fullPath));
      }
      usePermissionStore.getState().generateRoutes(useUserStore.getState().roles);
      if (!mayEnter(useUserStore.getState().roles, meta)) throw redirect('/401');
      if (meta?.admin && !useUserStore.getState().isAdmin) throw redirect('/401');
      return null;
  }
}
