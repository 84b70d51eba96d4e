import { expect, request, test, type Page } from './test';
import type { SubscriptionView } from '@rafter/domain/billing';
import { LOCKED_LEAD_NAME, type LeadPage } from '@rafter/domain/crm';
import { canUseFeature, type PlanLevel } from '@rafter/domain/plans';
import { expectAccessible, expectNoSidewaysScroll } from './accessibility';
import { newContractor } from './contractor';
import { linkIn, uniqueEmail, waitForMail } from './mailbox';
import { sendQuote } from './quote';

// A new contractor per test: each one's plan changes, so no other spec may share the account.

const PASSWORD = 'ridge-vent-58';
const TEST_CARD = '4242 4242 4242 4242';
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const planCard = (page: Page, name: string) => page.getByRole('article', { name });

interface Contractor {
  id: string;
  /** GET with the bearer token the page received at sign-in, JSON answer. */
  api: <T>(path: string) => Promise<T>;
}

/** The Subscription tab's date format ("December 21, 2026"); browser and test share a clock. */
function billingDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** Signs up through the plan's pricing button, confirms from the e-mail and signs in. */
async function signUpAndSignIn(page: Page, planName: string): Promise<Contractor> {
  const email = uniqueEmail('billing');
  await page.goto('/#pricing');
  await page
    .getByRole('region', { name: 'Simple month-to-month pricing' })
    .getByRole('button', { name: `Choose ${planName}` })
    .click();
  const form = dialog(page, 'Sign Up');
  await form.getByLabel('Full Name').fill('Riley Shingle');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog(page, 'Check Your Email')).toBeVisible();

  await page.goto(linkIn(await waitForMail(email), /\/api\/auth\/confirm-email\?token=/));
  const signIn = dialog(page, 'Sign In');
  await expect(signIn.getByRole('alert')).toHaveText(
    'Your email is confirmed. Sign in to continue.',
  );
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const answer = page.waitForResponse('**/api/auth/sign-in');
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  expect((await answer).status()).toBe(200);
  // The landing page goes on to the app in a new document, which takes the answer's body with
  // it: the checks call the API with a session of their own, outside the page's cookie jar.
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const signedIn = await api.post('/api/auth/sign-in', { data: { email, password: PASSWORD } });
  expect(signedIn.status()).toBe(200);
  const session = (await signedIn.json()) as { accessToken: string; user: { id: string } };
  return {
    id: session.user.id,
    api: async <T>(path: string) => {
      const response = await api.get(path, {
        headers: { Authorization: `Bearer ${session.accessToken}` },
      });
      expect(response.status(), `GET ${path}`).toBe(200);
      return (await response.json()) as T;
    },
  };
}

/** Gating follows the plan: the API's level, and the rule the UI and API share, agree. */
async function expectPlanLevel(contractor: Contractor, level: PlanLevel) {
  const view = await contractor.api<SubscriptionView>('/api/billing/subscription');
  const now = new Date();
  expect(view.level).toBe(level);
  expect(view.active).toBe(level > 0);
  expect(canUseFeature(view, 'embed', now)).toBe(level >= 1);
  expect(canUseFeature(view, 'customColors', now)).toBe(level >= 2);
  expect(canUseFeature(view, 'logo', now)).toBe(level >= 3);
  return view;
}

/** On the fake Stripe's checkout page: the test card, an optional promotion code, then Pay. */
async function payOnFakeStripe(
  page: Page,
  plan: string,
  expected: { promo?: string; due: string },
) {
  await expect(page.getByRole('heading', { level: 1, name: `Subscribe to ${plan}` })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByLabel('Card number').fill(TEST_CARD);
  if (expected.promo) {
    await page.getByLabel('Promotion code').fill(expected.promo);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('#discount')).toContainText(
      `${expected.promo}: 20% off the first month`,
    );
  }
  await expect(page.locator('#due-today')).toHaveText(expected.due);
  await page.getByRole('button', { name: `Pay ${expected.due}` }).click();
}

/** Back from checkout: the tab says the payment arrived once the webhook has activated the plan. */
async function expectActivated(page: Page, plan: string) {
  await expect(page).toHaveURL(/\/dashboard\?tab=subscription&checkout=success$/);
  await expect(page.getByText(`Payment received — your ${plan} plan is active.`)).toBeVisible({
    timeout: 30_000,
  });
}

const NO_PLAN = 'No plan selected. Redirecting to pricing...';

test('/subscribe without a plan says so for 1.2 s, then returns to the home page', async ({
  page,
}) => {
  // The page notes when the message appears and when the home page replaces it. Playwright's own
  // polling backs off to a second between looks while a slow machine loads the page, and so once
  // missed all 1.2 s of the message.
  await page.addInitScript((message) => {
    const seen: { message?: number; home?: number } = {};
    Object.assign(window, { seen });
    new MutationObserver(() => {
      const status = document.querySelector('[role="status"]');
      if (seen.message === undefined && status?.textContent?.includes(message)) {
        seen.message = performance.now();
      }
      if (seen.message !== undefined && seen.home === undefined && location.pathname === '/') {
        seen.home = performance.now();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, NO_PLAN);
  await page.goto('/subscribe');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: NO_PLAN })).toHaveCount(0);
  const seen = await page.evaluate(
    () => (window as unknown as { seen: { message?: number; home?: number } }).seen,
  );
  expect(seen.message, 'the message was on screen').toBeDefined();
  expect(seen.home! - seen.message!).toBeGreaterThanOrEqual(1150);
});

test('subscribe to Smart with QUOTE20, upgrade to Instant, cancel: gating follows each step', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const contractor = await signUpAndSignIn(page, 'Smart Estimator');
  await expectPlanLevel(contractor, 0);

  // Signing in continues to the chosen plan's checkout, on the local fake Stripe: $47 a month,
  // the first month 20% off.
  await expect(page.getByText('$47.00 per month')).toBeVisible({ timeout: 30_000 });
  await payOnFakeStripe(page, 'Smart Estimator', { promo: 'QUOTE20', due: '$37.60' });

  await expectActivated(page, 'Smart Estimator');
  await expect(page.getByText(`Payments are in test mode: use card ${TEST_CARD}`)).toBeVisible();
  let view = await expectPlanLevel(contractor, 2);
  expect(view.plan).toBe('smart');
  const smart = page.getByRole('region', { name: 'Smart Estimator' });
  await expect(smart).toContainText(`Renews on ${billingDate(view.currentPeriodEnd!)}`);
  await expect(smart).toContainText('0 / 50 leads');
  await expect(smart.getByRole('progressbar', { name: 'Leads this month' })).toBeVisible();
  await expect(
    planCard(page, 'Smart Estimator').getByRole('button', { name: 'Current Plan' }),
  ).toBeDisabled();
  await page
    .getByRole('status')
    .filter({ hasText: 'Payment received' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\?tab=subscription$/);
  await expectAccessible(page, 'the Subscription tab on Smart');

  // The upgrade is confirmed at its prorated price, then made in place (e2e/plan-change.spec.ts).
  await planCard(page, 'Instant Estimator')
    .getByRole('button', { name: 'Upgrade to Instant Estimator' })
    .click();
  await dialog(page, 'Upgrade to Instant Estimator?')
    .getByRole('button', { name: /^Confirm and Pay \$/ })
    .click();
  await expect(page.getByText('Your plan is now Instant Estimator.')).toBeVisible();
  view = await expectPlanLevel(contractor, 3);
  expect(view.plan).toBe('instant');
  const instant = page.getByRole('region', { name: 'Instant Estimator' });
  await expect(instant).toContainText('0 leads · Unlimited');
  await expect(instant.getByRole('progressbar')).toHaveCount(0);

  // Cancelling ends the plan at the period end: access, and so gating, stay until then.
  await instant.getByRole('button', { name: 'Cancel Subscription' }).click();
  const confirm = dialog(page, 'Cancel your subscription?');
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'the cancel dialog', { within: confirm });
  await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
  const done = dialog(page, 'Subscription canceled');
  const periodEnd = billingDate(view.currentPeriodEnd!);
  await expect(done).toContainText(`ends on ${periodEnd}`);
  await expect(done).toContainText('You keep full access to the Instant Estimator plan until then');
  await done.getByRole('button', { name: 'Got it' }).click();
  await expect(done).toBeHidden();
  await expect(instant).toContainText(`Cancels on ${periodEnd}`);
  await expect(instant.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);

  view = await expectPlanLevel(contractor, 3);
  expect(view.cancelAtPeriodEnd).toBe(true);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Instant Estimator' })).toContainText(
    `Cancels on ${periodEnd}`,
  );

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page, 'the Subscription tab on a phone');
  await expectAccessible(page, 'the Subscription tab on a phone');
});

test('without a plan leads arrive locked; a canceled checkout charges nothing; Starter unlocks them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A contractor without a plan, made through the API (the test above signs up in the UI).
  const created = await newContractor(page, 'billing');
  const contractor: Contractor = {
    id: created.id,
    api: <T>(path: string) => created.api<T>('GET', path),
  };
  await expectPlanLevel(contractor, 0);
  await sendQuote(page.request, contractor.id, { firstName: 'Morgan', lastName: 'Gable' });

  const leads = await contractor.api<LeadPage>('/api/leads');
  expect(leads.items).toHaveLength(1);
  expect(leads.items[0]).toMatchObject({ locked: true, lockedReason: 'no_active_plan' });

  // The locked lead's Upgrade leads to the Subscription tab, which has no plan to show yet.
  await page.goto('/dashboard?tab=leads');
  const lockedRow = page.locator(`[data-lead-id="${leads.items[0]!.id}"]`).first();
  await expect(lockedRow).toContainText(LOCKED_LEAD_NAME);
  await lockedRow.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=subscription$/);
  await expect(page.getByRole('region', { name: 'No Active Plan' })).toBeVisible();

  // Leaving the checkout comes back with nothing charged and still no plan.
  await planCard(page, 'Starter Estimator')
    .getByRole('button', { name: 'Choose Starter Estimator' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Subscribe to Starter Estimator' }),
  ).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=subscription&checkout=canceled$/);
  await expect(page.getByText('Checkout was canceled. You have not been charged.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'No Active Plan' })).toBeVisible();
  await expectPlanLevel(contractor, 0);

  await planCard(page, 'Starter Estimator')
    .getByRole('button', { name: 'Choose Starter Estimator' })
    .click();
  await payOnFakeStripe(page, 'Starter Estimator', { due: '$17.00' });
  await expectActivated(page, 'Starter Estimator');
  await expectPlanLevel(contractor, 1);
  await expect(page.getByRole('region', { name: 'Starter Estimator' })).toContainText(
    '1 / 10 leads',
  );

  // The plan allows the lead, so it is unlocked.
  const unlocked = await contractor.api<LeadPage>('/api/leads');
  expect(unlocked.items[0]).toMatchObject({ locked: false, name: 'Morgan Gable' });
  await page.goto('/dashboard?tab=leads');
  const row = page.locator(`[data-lead-id="${leads.items[0]!.id}"]`).first();
  await expect(row).toContainText('Morgan Gable');
  await expect(row.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
});
