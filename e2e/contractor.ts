import { expect, type Page } from '@playwright/test';
import { headerAccountButton } from './landing-header';
import { linkIn, uniqueEmail, waitForMail } from './mailbox';

const PASSWORD = 'ridge-vent-58';
const TEST_CARD = '4242 4242 4242 4242';

export interface Contractor {
  id: string;
  accessToken: string;
  /** A JSON request with the contractor's bearer token; fails the test unless it answers 2xx. */
  api: <T>(method: 'GET' | 'PUT', path: string, data?: unknown) => Promise<T>;
}

/** Bearer-authenticated API calls with the token the page received at sign-in. */
export function apiAs(page: Page, accessToken: string): Contractor['api'] {
  return async <T>(method: 'GET' | 'PUT', path: string, data?: unknown) => {
    const response = await page.request.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${accessToken}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/** Signs in through the landing page's dialog and keeps the access token the page received. */
export async function signIn(page: Page, email: string, password: string): Promise<Contractor> {
  await page.goto('/');
  await (await headerAccountButton(page, 'Sign In')).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  const answer = page.waitForResponse('**/api/auth/sign-in');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  const session = (await (await answer).json()) as { accessToken: string; user: { id: string } };
  await expect(page).toHaveURL(/\/dashboard/);
  return {
    id: session.user.id,
    accessToken: session.accessToken,
    api: apiAs(page, session.accessToken),
  };
}

/**
 * A new contractor on `planName` (e.g. 'Starter Estimator'): signs up from the plan's pricing
 * button, confirms from the e-mail, signs in, pays on the fake Stripe with the test card and
 * waits until the webhook has activated the plan.
 */
export async function contractorOnPlan(page: Page, planName: string): Promise<Contractor> {
  const email = uniqueEmail('settings');
  await page.goto('/#pricing');
  await page
    .getByRole('region', { name: 'Simple month-to-month pricing' })
    .getByRole('button', { name: `Choose ${planName}` })
    .click();
  const form = page.getByRole('dialog', { name: 'Sign Up' });
  await form.getByLabel('Full Name').fill('Riley Shingle');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Check Your Email' })).toBeVisible();

  await page.goto(linkIn(await waitForMail(email), /\/api\/auth\/confirm-email\?token=/));
  const signInDialog = page.getByRole('dialog', { name: 'Sign In' });
  await signInDialog.getByLabel('Email').fill(email);
  await signInDialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const answer = page.waitForResponse('**/api/auth/sign-in');
  await signInDialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  const session = (await (await answer).json()) as { accessToken: string; user: { id: string } };

  await expect(
    page.getByRole('heading', { level: 1, name: `Subscribe to ${planName}` }),
  ).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Card number').fill(TEST_CARD);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=subscription&checkout=success$/);
  await expect(page.getByText(`Payment received — your ${planName} plan is active.`)).toBeVisible({
    timeout: 15_000,
  });
  return {
    id: session.user.id,
    accessToken: session.accessToken,
    api: apiAs(page, session.accessToken),
  };
}
