import { isPlanId, type PlanId } from '@rafter/domain/plans';
import { APP_ROUTES } from '@rafter/domain/routes';
import { OAUTH_REDIRECT_FLAG, SELECTED_PLAN_STORAGE_KEY } from '@rafter/domain/auth-session';

/** Storage can throw (blocked cookies, private mode); the flows then work without memory. */
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

/** The plan chosen before signing in (spec section 3: localStorage `selectedPlan`). */
export function storeSelectedPlan(plan: PlanId): void {
  attempt(() => localStorage.setItem(SELECTED_PLAN_STORAGE_KEY, plan), undefined);
}

/** Reads and forgets the chosen plan; anything that is not a plan id counts as none. */
export function takeSelectedPlan(): PlanId | null {
  const plan = attempt(() => localStorage.getItem(SELECTED_PLAN_STORAGE_KEY), null);
  attempt(() => localStorage.removeItem(SELECTED_PLAN_STORAGE_KEY), undefined);
  return isPlanId(plan) ? plan : null;
}

/**
 * Where a successful sign-in leads (spec section 4): the chosen plan's checkout, forgetting the
 * plan, or the dashboard.
 */
export function takePostSignInPath(): string {
  const plan = takeSelectedPlan();
  return plan ? `${APP_ROUTES.subscribe}?plan=${plan}` : APP_ROUTES.dashboard;
}

/** Marks that this tab left for Google, so the return restores the session. */
export function setOAuthRedirectFlag(): void {
  attempt(() => sessionStorage.setItem(OAUTH_REDIRECT_FLAG, '1'), undefined);
}

export function clearOAuthRedirectFlag(): void {
  attempt(() => sessionStorage.removeItem(OAUTH_REDIRECT_FLAG), undefined);
}

/**
 * Spec section 4: an OAuth return shows as a token in the hash, a code in the query, or the
 * oauth_redirect flag. Only the site root is the provider's redirect target.
 */
export function isOAuthReturn(location: Pick<Location, 'pathname' | 'search' | 'hash'>): boolean {
  if (location.pathname !== '/') return false;
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  return (
    hash.has('access_token') ||
    new URLSearchParams(location.search).has('code') ||
    attempt(() => sessionStorage.getItem(OAUTH_REDIRECT_FLAG) !== null, false)
  );
}
