import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SubscriptionView } from '@rafter/domain/billing';
import type { PlanId } from '@rafter/domain/plans';
import { billingKeys } from '../api/billing-keys';
import { changeSubscription } from '../api/change-subscription';
import { createCheckout } from '../api/create-checkout';
import { leavePage } from '../utils/leave-page';

/** Spec section 8's texts for a failed plan choice. */
const CHANGE_FAILED = 'Failed to cancel old subscription. Please try again.';
const CHECKOUT_FAILED = 'Failed to start checkout. Please try again.';

/**
 * Choosing a plan on the subscription tab (spec section 4): a contractor already on a plan has
 * it changed first, and only then goes to checkout; a failed change stops there.
 */
export function usePlanChoice(view: SubscriptionView | undefined) {
  const queryClient = useQueryClient();
  const [pendingPlan, setPendingPlan] = useState<PlanId | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setError(message);
    setPendingPlan(null);
  };

  const choose = async (plan: PlanId) => {
    setError(null);
    setPendingPlan(plan);
    if (view?.active && view.plan !== null) {
      try {
        await changeSubscription(plan);
      } catch {
        fail(CHANGE_FAILED);
        return;
      }
      // The change took effect even if the checkout below fails: show it.
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
    }
    let url: string | undefined;
    try {
      ({ url } = await createCheckout(plan));
    } catch {
      url = undefined;
    }
    if (!url) {
      fail(CHECKOUT_FAILED);
      return;
    }
    // pendingPlan stays set: the page is unloading towards the checkout.
    leavePage(url);
  };

  return { choose, pendingPlan, error, clearError: () => setError(null) };
}
