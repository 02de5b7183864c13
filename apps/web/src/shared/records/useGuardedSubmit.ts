import { useState } from 'react';
import { useAppStore } from '../../store/app.ts';
import { selectLoggedIn, useUserStore } from '../../store/user.ts';
import { toast } from '../../utils/feedback.ts';

/**
 * The gate before an action that needs an account: for a visitor, says `loginFirst`, shows the login panel and
 * answers false.
 */
export function useLoginGate(loginFirst: string) {
  const loggedIn = useUserStore(selectLoggedIn);
  const openLogin = useAppStore((s) => s.openLogin);
  const pass = () => {
    if (loggedIn) return true;
    toast().info(loginFirst);
    openLogin();
    return false;
  };
  return { loggedIn, pass };
}

/**
 * A start form's submit: a visitor is told `loginFirst` and shown the login panel; a user's `create` runs, one
 * at a time (`submitting`). Errors are shown by the request layer.
 */
export function useGuardedSubmit(loginFirst: string) {
  const { loggedIn, pass } = useLoginGate(loginFirst);
  const [submitting, setSubmitting] = useState(false);
  async function run(create: () => Promise<void>) {
    if (!pass()) return;
    setSubmitting(true);
    try {
      await create();
    } catch {
      // the request layer has shown the message
    } finally {
      setSubmitting(false);
    }
  }
  return { loggedIn, submitting, run };
}
