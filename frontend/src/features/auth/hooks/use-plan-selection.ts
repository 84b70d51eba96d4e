import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { PlanId } from '@rafter/domain/plans';
import { APP_ROUTES } from '@rafter/domain/routes';
import { useAuth } from '../session/auth-context';
import { storeSelectedPlan } from '../utils/browser-storage';
import { useAuthDialog } from './use-auth-dialog';

/**
 * A plan button (spec section 4): remember the plan; signed in, go to its checkout; otherwise
 * sign up first, and the sign-in that follows continues to the checkout. A click before the
 * session check has answered (the page just loaded) waits for it: a signed-in contractor who is
 * quick must not be offered Sign Up.
 */
export function usePlanSelection(): (plan: PlanId) => void {
  const { status } = useAuth();
  const navigate = useNavigate();
  const dialog = useAuthDialog();
  /** The plan clicked while the session check was out. */
  const waiting = useRef<PlanId | null>(null);

  const proceed = useCallback(
    (plan: PlanId, signedIn: boolean) => {
      if (signedIn) void navigate(`${APP_ROUTES.subscribe}?plan=${plan}`);
      else dialog.open('signup');
    },
    [navigate, dialog],
  );

  useEffect(() => {
    const plan = waiting.current;
    if (plan === null || status === 'loading') return;
    waiting.current = null;
    proceed(plan, status === 'signed-in');
  }, [status, proceed]);

  return useCallback(
    (plan: PlanId) => {
      storeSelectedPlan(plan);
      if (status === 'loading') waiting.current = plan;
      else proceed(plan, status === 'signed-in');
    },
    [status, proceed],
  );
}
