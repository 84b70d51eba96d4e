import { expect, test, type Page, type Response } from './test';
import type { PlanChangePreview, SubscriptionView } from '@rafter/domain/billing';
import type { PlanId } from '@rafter/domain/plans';
import { expectAccessible } from './accessibility';
import { signIn, type Contractor } from './contractor';
import { linkIn, uniqueEmail, waitForMail } from './mailbox';

// A plan change is never made on one click: the dialog shows what Stripe's preview says is due
// today and at the next renewal, nothing changes until the contractor confirms, and a smaller
// plan waits for the renewal unless the contractor chooses now.

const planCard = (page: Page, name: string) => page.getByRole('article', { name });

/** The Subscription tab's money and date formats; browser and test share a clock and locale. */
const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const billingDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

const isPreview = (response: Response) =>
  response.url().endsWith('/api/billing/plan-change-preview') &&
  response.request().method() === 'POST';

async function subscription(contractor: Contractor) {
  return contractor.api<SubscriptionView>('GET', '/api/billing/subscription');
}

const PASSWORD = 'ridge-vent-58';

/**
 * A contractor on `plan`, set up through the API (the sign-up and checkout journeys have tests
 * of their own): signed up and confirmed, signed in on the page, then paid on the fake Stripe's
 * checkout page, which answers once its webhooks have activated the plan.
 */
async function subscribedContractor(page: Page, plan: PlanId): Promise<Contractor> {
  const email = uniqueEmail('plans');
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { fullName: 'Riley Shingle', email, password: PASSWORD },
  });
  expect(signUp.status()).toBe(201);
  const confirm = linkIn(await waitForMail(email), /\/api\/auth\/confirm-email\?token=/);
  expect((await page.request.get(confirm)).ok()).toBe(true);
  const contractor = await signIn(page, email, PASSWORD);

  const checkout = await page.request.post('/api/checkout', {
    headers: { Authorization: `Bearer ${contractor.accessToken}` },
    data: { productId: plan },
  });
  expect(checkout.status()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await page.request.post(url, {
    form: {
      email,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
      intent: 'pay',
    },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  expect((await subscription(contractor)).plan).toBe(plan);
  await page.goto('/dashboard?tab=subscription');
  return contractor;
}

test('an upgrade shows the preview first and changes only on confirmation, at the price shown', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const contractor = await subscribedContractor(page, 'smart');

  // The dialog opens with Stripe's numbers; backing out changes nothing.
  let previewed = page.waitForResponse(isPreview);
  await planCard(page, 'Instant Estimator')
    .getByRole('button', { name: 'Upgrade to Instant Estimator' })
    .click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Instant Estimator?' });
  await expect(upgrade).toBeVisible();
  let preview = (await (await previewed).json()) as PlanChangePreview;
  expect(preview).toMatchObject({ plan: 'instant', timing: 'now' });
  // About the $50 difference for the month that has only just begun.
  expect(preview.amountDueToday).toBeGreaterThan(4900);
  expect(preview.amountDueToday).toBeLessThanOrEqual(5000);
  expect(preview.nextRenewal.amount).toBe(9700);
  await expect(upgrade.getByTestId('due-today')).toHaveText(money(preview.amountDueToday));
  await expect(upgrade.getByTestId('next-renewal')).toHaveText(
    `${money(9700)} on ${billingDate(preview.nextRenewal.date)}`,
  );
  await expectAccessible(page, 'the upgrade confirmation');
  await upgrade.getByRole('button', { name: 'Keep Current Plan' }).click();
  await expect(upgrade).toBeHidden();
  expect((await subscription(contractor)).plan).toBe('smart');

  previewed = page.waitForResponse(isPreview);
  await planCard(page, 'Instant Estimator')
    .getByRole('button', { name: 'Upgrade to Instant Estimator' })
    .click();
  preview = (await (await previewed).json()) as PlanChangePreview;
  const changed = page.waitForResponse('**/api/change-subscription');
  await upgrade
    .getByRole('button', { name: `Confirm and Pay ${money(preview.amountDueToday)}` })
    .click();
  const change = await changed;
  expect(change.status()).toBe(200);
  // The change carries the preview's proration time and amount: Stripe charges what was shown
  // (backend/test/billing-plan-change.e2e-spec.ts checks the invoice itself).
  expect(change.request().postDataJSON()).toEqual({
    newProductId: 'instant',
    timing: 'now',
    prorationDate: preview.prorationDate,
    expectedAmountDue: preview.amountDueToday,
  });
  await expect(upgrade).toBeHidden();
  await expect(page.getByText('Your plan is now Instant Estimator.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Instant Estimator' })).toContainText(
    '0 leads · Unlimited',
  );
  expect(await subscription(contractor)).toMatchObject({
    plan: 'instant',
    level: 3,
    pendingChange: null,
  });
});

test('a downgrade waits for the renewal and can be taken back; the landing leads to the same confirmation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const contractor = await subscribedContractor(page, 'instant');
  const instant = await subscription(contractor);
  const instantRegion = page.getByRole('region', { name: 'Instant Estimator' });

  // At the renewal by default, nothing due today, the plan kept until then.
  const previewed = page.waitForResponse(isPreview);
  await planCard(page, 'Starter Estimator')
    .getByRole('button', { name: 'Switch to Starter Estimator' })
    .click();
  const downgrade = page.getByRole('dialog', { name: 'Switch to Starter Estimator?' });
  const preview = (await (await previewed).json()) as PlanChangePreview;
  expect(preview).toMatchObject({ plan: 'starter', timing: 'period_end', amountDueToday: 0 });
  const renewal = billingDate(instant.currentPeriodEnd!);
  await expect(
    downgrade.getByRole('radio', { name: new RegExp(`^At renewal on ${renewal}`) }),
  ).toBeChecked();
  await expect(downgrade.getByTestId('due-today')).toHaveText(money(0));
  await expect(downgrade.getByTestId('next-renewal')).toHaveText(`${money(1700)} on ${renewal}`);
  await expectAccessible(page, 'the downgrade confirmation');
  await downgrade.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(downgrade).toBeHidden();
  await expect(instantRegion).toContainText(`Changes to Starter Estimator on ${renewal}`);
  expect(await subscription(contractor)).toMatchObject({
    plan: 'instant',
    level: 3,
    pendingChange: { plan: 'starter', effectiveAt: instant.currentPeriodEnd },
  });

  // The waiting change can be taken back.
  await instantRegion.getByRole('button', { name: 'Keep Instant Estimator' }).click();
  await expect(instantRegion).not.toContainText('Changes to Starter Estimator');
  expect(await subscription(contractor)).toMatchObject({ plan: 'instant', pendingChange: null });

  // The landing's plan buttons lead a subscriber to the same confirmation, not to a new checkout.
  await page.goto('/#pricing');
  const fromLandingPreview = page.waitForResponse(isPreview);
  await page
    .getByRole('region', { name: 'Simple month-to-month pricing' })
    .getByRole('button', { name: 'Choose Smart Estimator' })
    .click();
  const fromLanding = page.getByRole('dialog', { name: 'Switch to Smart Estimator?' });
  await expect(fromLanding).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard\?tab=subscription$/);
  expect(((await (await fromLandingPreview).json()) as PlanChangePreview).plan).toBe('smart');
  await fromLanding.getByRole('button', { name: 'Keep Current Plan' }).click();
  expect((await subscription(contractor)).plan).toBe('instant');
});

test('a downgrade chosen for now is credited, and what is due today is what the preview said', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const contractor = await subscribedContractor(page, 'instant');

  await planCard(page, 'Smart Estimator')
    .getByRole('button', { name: 'Switch to Smart Estimator' })
    .click();
  const downgrade = page.getByRole('dialog', { name: 'Switch to Smart Estimator?' });
  await expect(downgrade.getByTestId('due-today')).toHaveText(money(0));

  const previewed = page.waitForResponse(isPreview);
  await downgrade.getByRole('radio', { name: /^Now/ }).check();
  const preview = (await (await previewed).json()) as PlanChangePreview;
  expect(preview).toMatchObject({ plan: 'smart', timing: 'now', amountDueToday: 0 });
  // The unused Instant time outweighs the Smart time left: a credit of about $50, taken off the
  // next invoices (so the first renewal costs nothing).
  expect(preview.credit).toBeGreaterThan(4900);
  expect(preview.credit).toBeLessThanOrEqual(5000);
  expect(preview.nextRenewal.amount).toBe(Math.max(0, 4700 - preview.credit));
  await expect(downgrade.getByTestId('credit')).toHaveText(money(preview.credit));
  await expect(downgrade.getByTestId('next-renewal')).toContainText(
    money(preview.nextRenewal.amount),
  );

  await downgrade.getByRole('button', { name: 'Confirm Change' }).click();
  await expect(downgrade).toBeHidden();
  await expect(page.getByRole('region', { name: 'Smart Estimator' })).toContainText('0 / 50 leads');
  expect(await subscription(contractor)).toMatchObject({
    plan: 'smart',
    level: 2,
    pendingChange: null,
  });
});
