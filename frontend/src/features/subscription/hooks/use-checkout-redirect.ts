import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PLANS, type PlanId } from '@rafter/domain/plans';
import { APP_ROUTES } from '@rafter/domain/routes';
import type { CheckoutResponse } from '@rafter/domain/billing';
import { createCheckout } from '../api/create-checkout';
import { serverAnswered, serverErrorText } from '../utils/billing-errors';
import { leavePage } from '../utils/leave-page';

/** Spec section 9: how long each message stays before the page returns home. */
const NO_PLAN_REDIRECT_MS = 1200;
const FAILURE_REDIRECT_MS = 2000;

export type SessionState = 'checking' | 'signed-in' | 'signed-out';

type CheckoutRedirectState =
  | { kind: 'no-plan'; message: string }
  | { kind: 'sign-in'; to: string }
  | { kind: 'working'; message: string }
  | { kind: 'failed'; message: string };

function failureMessage(error: unknown): string {
  if (serverAnswered(error)) return serverErrorText(error) ?? 'Failed to create checkout session.';
  return 'An error occurred. Redirecting back...';
}

/**
 * The path of a checkout answer that stays in this app (a subscriber choosing another plan is
 * sent to the subscription tab's confirmation), or null for Stripe's page.
 */
function inAppPath(url: string): string | null {
  const target = new URL(url, window.location.href);
  return target.origin === window.location.origin
    ? `${target.pathname}${target.search}${target.hash}`
    : null;
}

function checkoutRedirectState(
  plan: PlanId | null,
  session: SessionState,
  checkout: { status: string; data: CheckoutResponse | undefined; error: unknown },
): CheckoutRedirectState {
  if (plan === null) {
    return { kind: 'no-plan', message: 'No plan selected. Redirecting to pricing...' };
  }
  if (session === 'signed-out') {
    return { kind: 'sign-in', to: `${APP_ROUTES.home}?auth=true&plan=${plan}` };
  }
  if (checkout.status === 'error')
    return { kind: 'failed', message: failureMessage(checkout.error) };
  if (checkout.status === 'success') {
    const url = checkout.data?.url;
    if (!url) return { kind: 'failed', message: 'Failed to get checkout URL.' };
    return {
      kind: 'working',
      message: inAppPath(url)
        ? 'Opening your subscription...'
        : 'Redirecting to Stripe checkout...',
    };
  }
  // The session check is the first step of creating the checkout, so it shares the message.
  return { kind: 'working', message: 'Creating checkout session...' };
}

/**
 * The subscribe page's four states (spec section 4): no plan, no session, creating the checkout
 * and leaving for it, or a failure that returns home.
 */
export function useCheckoutRedirect(plan: PlanId | null, session: SessionState) {
  const navigate = useNavigate();
  const checkout = useMutation({ mutationFn: createCheckout });
  const { mutate } = checkout;
  // One checkout session per visit, even when React runs the effect twice.
  const started = useRef(false);
  const state = checkoutRedirectState(plan, session, checkout);

  useEffect(() => {
    if (plan === null || session !== 'signed-in' || started.current) return;
    started.current = true;
    mutate(plan);
  }, [plan, session, mutate]);

  const url = checkout.data?.url;
  useEffect(() => {
    if (!url) return;
    const path = inAppPath(url);
    if (path) void navigate(path, { replace: true });
    else leavePage(url);
  }, [url, navigate]);

  const delay =
    state.kind === 'no-plan'
      ? NO_PLAN_REDIRECT_MS
      : state.kind === 'failed'
        ? FAILURE_REDIRECT_MS
        : null;
  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => void navigate(APP_ROUTES.home, { replace: true }), delay);
    return () => clearTimeout(timer);
  }, [delay, navigate]);

  return { state, planName: plan ? PLANS[plan].name : null };
}
