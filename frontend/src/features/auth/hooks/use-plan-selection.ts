import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { PlanId } from '@rafter/domain/plans';
import { APP_ROUTES } from '@rafter/domain/routes';
import { useAuth } from '../session/auth-context';
import { storeSelectedPlan } from '../utils/browser-storage';
import { useAuthDialog } from './use-auth-dialog';

/**
 * A plan button (spec section 4): remember the plan; signed in, go to its checkout; otherwise
 * sign up first, and the sign-in that follows continues to the checkout.
 */
export function usePlanSelection(): (plan: PlanId) => void {
  const { status } = useAuth();
  const navigate = useNavigate();
  const dialog = useAuthDialog();
  return useCallback(
    (plan: PlanId) => {
      storeSelectedPlan(plan);
      if (status === 'signed-in') void navigate(`${APP_ROUTES.subscribe}?plan=${plan}`);
      else dialog.open('signup');
    },
    [status, navigate, dialog],
  );
}
