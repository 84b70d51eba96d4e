import { expect, type Page } from '@playwright/test';
import type { SubscriptionView } from '@rafter/domain/billing';
import { AUTH_STORAGE_KEY } from '@rafter/domain/auth-session';
import { PLANS, type PlanId } from '@rafter/domain/plans';
import { linkIn, uniqueEmail, waitForMail } from './mailbox';

// Preconditions through the API: signing up, confirming, signing in and paying are each tested
// through the UI once (auth.spec.ts, billing.spec.ts); the other specs start where those end.

const PASSWORD = 'ridge-vent-58';
const TEST_CARD = '4242 4242 4242 4242';

export interface Contractor {
  id: string;
  email: string;
  accessToken: string;
  /** A JSON request with the contractor's bearer token; fails the test unless it answers 2xx. */
  api: <T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => Promise<T>;
}

/** Bearer-authenticated API calls with the token the page received at sign-in. */
export function apiAs(page: Page, accessToken: string): Contractor['api'] {
  return async <T>(method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => {
    const response = await page.request.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${accessToken}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/**
 * Signs in through the API with the page's own cookie jar, so the refresh cookie is the page's,
 * and leaves the marker the app looks for before it restores a session (once per tab, so a later
 * sign-out stays signed out). Does not navigate.
 */
export async function signInByApi(
  page: Page,
  email: string,
  password: string,
): Promise<Contractor> {
  const response = await page.request.post('/api/auth/sign-in', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const session = (await response.json()) as { accessToken: string; user: { id: string } };
  await page.addInitScript((key) => {
    if (sessionStorage.getItem('e2e-signed-in')) return;
    sessionStorage.setItem('e2e-signed-in', '1');
    localStorage.setItem(key, 'signed-in');
  }, AUTH_STORAGE_KEY);
  return {
    id: session.user.id,
    email,
    accessToken: session.accessToken,
    api: apiAs(page, session.accessToken),
  };
}

/**
 * Signs in (through the API) and opens the dashboard at `path` (a tab: `/dashboard?tab=leads`),
 * once the tab's heading shows.
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  path = '/dashboard',
): Promise<Contractor> {
  const contractor = await signInByApi(page, email, password);
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?.]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return contractor;
}

/** Signs up through the API; the confirmation e-mail is on its way. */
export async function signUpByApi(page: Page, fullName: string, email: string, password: string) {
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { fullName, email, password },
  });
  expect(signUp.status(), `sign-up of ${email}`).toBe(201);
}

/** A new contractor without a plan: signed up and confirmed through the API, then signed in. */
export async function newContractor(page: Page, label = 'contractor'): Promise<Contractor> {
  const email = uniqueEmail(label);
  await signUpByApi(page, 'Riley Shingle', email, PASSWORD);
  const confirm = linkIn(await waitForMail(email), /\/api\/auth\/confirm-email\?token=/);
  const confirmed = await page.request.get(confirm, { maxRedirects: 0 });
  expect(confirmed.headers().location).toMatch(/confirmed=1/);
  return signInByApi(page, email, PASSWORD);
}

/**
 * A new contractor on `planName` (e.g. 'Starter Estimator') with the plan active, on the
 * dashboard: signed up through the API, paid on the fake Stripe's checkout with the test card.
 */
export async function contractorOnPlan(page: Page, planName: string): Promise<Contractor> {
  const plan = Object.values(PLANS).find((candidate) => candidate.name === planName);
  if (!plan) throw new Error(`No plan named ${planName}`);
  const contractor = await newContractor(page, `plan-${plan.id}`);
  await pay(page, contractor, plan.id);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  return contractor;
}

/** Checkout for `plan`, paid on the fake Stripe's page by posting its form. */
async function pay(page: Page, contractor: Contractor, plan: PlanId) {
  const { url } = await contractor.api<{ url: string }>('POST', '/api/checkout', {
    productId: plan,
  });
  const paid = await page.request.post(url, {
    form: {
      email: contractor.email,
      cardNumber: TEST_CARD,
      expiry: '12 / 34',
      cvc: '123',
      promotionCode: '',
      intent: 'pay',
    },
    maxRedirects: 0,
  });
  expect(paid.status(), `payment for ${plan}`).toBe(303);
  // The fake Stripe answers once its webhooks were delivered: the plan is active by now.
  const view = await contractor.api<SubscriptionView>('GET', '/api/billing/subscription');
  expect({ plan: view.plan, active: view.active }).toEqual({ plan, active: true });
}
