import { type LoaderFunctionArgs, redirect } from 'react-router';
import i18n from '../locales/index.ts';
import { useUserStore } from '../store/user.ts';
import { toast } from '../utils/feedback.ts';
import { decideGuard, type GuardDecision, guardedMeta, loginRedirect } from './guard.ts';
import { matchAppRoute } from './lookup.ts';
import { routes } from './routes.tsx';

/**
 * Runs before every navigation (the root route's loader): unknown paths go to /checkvip, table redirects
 * are followed, then the guard of spec §4 decides (and decides again once a signed-in user is loaded).
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const path = url.pathname;
  const fullPath = `${path}${url.search}`;
  const match = matchAppRoute(routes, path);
  if (!match) throw redirect('/checkvip');
  if (match.route.redirect) throw redirect(match.route.redirect);

  const meta = guardedMeta(routes, path);
  const decide = (): GuardDecision => {
    const user = useUserStore.getState();
    return decideGuard({
      path,
      fullPath,
      meta,
      hasToken: Boolean(user.token),
      roles: user.roles,
      admin: user.isAdmin,
    });
  };
  const decision = decide();
  switch (decision.action) {
    case 'redirect':
      throw redirect(decision.to);
    case 'proceed':
      return null;
    case 'guest':
      useUserStore.getState().becomeGuest();
      return null;
    case 'load-user':
      try {
        await useUserStore.getState().getInfo();
      } catch (e) {
        useUserStore.getState().resetToken();
        const msg = e instanceof Error && e.message ? e.message : i18n.t('common:hasError');
        toast().error(msg);
        throw redirect(loginRedirect(fullPath));
      }
      {
        const again = decide();
        if (again.action === 'redirect') throw redirect(again.to);
      }
      return null;
  }
}
