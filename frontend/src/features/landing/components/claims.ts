import { BILLING_TERMS } from '@rafter/domain/plans';

/** The promises the landing page makes (spec section 1), in the hero and beside the prices. */
export const LANDING_CLAIMS = [
  '5 minute setup',
  `${BILLING_TERMS.moneyBackDays}-day money-back guarantee`,
  'Month-to-month billing, no contracts',
  'No setup fees',
] as const;
