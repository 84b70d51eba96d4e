import { useCallback, useState } from 'react';
import type { SubscriptionView } from '@rafter/domain/billing';
import type { PlanId } from '@rafter/domain/plans';
import { createCheckout } from '../api/create-checkout';
import { CHECKOUT_FAILED } from '../utils/billing-errors';
import { leavePage } from '../utils/leave-page';

/**
 * Choosing a plan on the subscription tab: without an active plan it is bought through checkout;
 * a contractor on another plan first sees what the change costs (PlanChangeDialog), which is
 * where the change is made.
 */
export function usePlanChoice(view: SubscriptionView | undefined) {
  const [pendingPlan, setPendingPlan] = useState<PlanId | null>(null);
  const [changeTarget, setChangeTarget] = useState<PlanId | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Opens the confirmation of a change to `plan` (a plan chosen on the landing page, say). */
  const open = useCallback((plan: PlanId) => setChangeTarget(plan), []);

  const choose = async (plan: PlanId) => {
    setError(null);
    if (view?.active && view.plan !== null) {
      if (plan !== view.plan) setChangeTarget(plan);
      return;
    }
    setPendingPlan(plan);
    let url: string | undefined;
    try {
      ({ url } = await createCheckout(plan));
    } catch {
      url = undefined;
    }
    if (!url) {
      setError(CHECKOUT_FAILED);
      setPendingPlan(null);
      return;
    }
    // pendingPlan stays set: the page is unloading towards the checkout.
    leavePage(url);
  };

  return {
    choose,
    pendingPlan,
    error,
    clearError: () => setError(null),
    changeTarget,
    open,
    closeChange: () => setChangeTarget(null),
  };
}
