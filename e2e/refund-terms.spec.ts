import { expect, test } from './test';
import { BILLING_TERMS, PLAN_LIST, REFUND_LEAD_THRESHOLDS } from '@rafter/domain/plans';

/** Each plan's threshold; a plan without a monthly limit borrows a limited plan's number. */
const thresholds = PLAN_LIST.map((plan) => {
  const leads = REFUND_LEAD_THRESHOLDS[plan.id];
  const borrowedFrom =
    plan.monthlyLeadLimit === null
      ? PLAN_LIST.find(
          (other) => other.monthlyLeadLimit !== null && REFUND_LEAD_THRESHOLDS[other.id] === leads,
        )
      : undefined;
  return { plan, leads, borrowedFrom };
});

// The Terms state the refund rule the billing code enforces (refundEligibility in domain/plans),
// for every plan, and send contractors to the button the app has rather than to an e-mail.
test('the refund terms name every plan threshold and the in-app Request refund', async ({
  page,
}) => {
  await page.goto('/terms#refunds');
  const refunds = page.locator('section', {
    has: page.getByRole('heading', { level: 2, name: '6. Money-back guarantee and refunds' }),
  });
  await expect(refunds).toBeVisible();

  await expect(refunds).toContainText(
    `within ${BILLING_TERMS.moneyBackDays} days of your first payment`,
  );
  await expect(refunds).toContainText('open Subscription and choose Request refund');
  await expect(refunds).not.toContainText('To ask for a refund, email us');

  const items = refunds.getByRole('listitem').filter({ hasText: / or more leads/ });
  await expect(items).toHaveCount(thresholds.length);
  for (const { plan, leads, borrowedFrom } of thresholds) {
    const item = items.filter({ hasText: `${plan.name}: ${leads} or more leads` });
    await expect(item).toHaveCount(1);
    if (borrowedFrom) {
      await expect(item).toContainText(
        `this plan has unlimited leads, so it has the ${borrowedFrom.name} plan's threshold`,
      );
    }
  }
  await expect(refunds).toContainText(BILLING_TERMS.refundProcessingText);
});
