import type Stripe from 'stripe';
import { previewAmounts } from './billing.service';

/** A preview invoice: proration lines, the next period, the customer's balance (negative is credit). */
function invoice(prorations: number[], renewal: number, balance = 0): Stripe.Invoice {
  const line = (amount: number, proration: boolean) => ({
    amount,
    parent: { subscription_item_details: { proration } },
  });
  return {
    lines: { data: [...prorations.map((amount) => line(amount, true)), line(renewal, false)] },
    total: prorations.reduce((sum, amount) => sum + amount, renewal),
    starting_balance: balance,
  } as unknown as Stripe.Invoice;
}

describe('previewAmounts', () => {
  it.each<[string, Stripe.Invoice, 'now' | 'period_end', ReturnType<typeof previewAmounts>]>([
    [
      'an upgrade: the prorations today, the new price at renewal',
      invoice([-4500, 9300], 9700),
      'now',
      { amountDueToday: 4800, credit: 0, nextRenewalAmount: 9700 },
    ],
    [
      'an upgrade with some credit on the account: it is spent today first',
      invoice([-4500, 9300], 9700, -1000),
      'now',
      { amountDueToday: 3800, credit: 0, nextRenewalAmount: 9700 },
    ],
    [
      'an upgrade smaller than the credit: nothing today, the rest off the renewal',
      invoice([-400, 900], 4700, -2000),
      'now',
      { amountDueToday: 0, credit: 0, nextRenewalAmount: 3200 },
    ],
    [
      'a downgrade now: credit for the unused time, off the renewal',
      invoice([-9300, 4500], 4700),
      'now',
      { amountDueToday: 0, credit: 4800, nextRenewalAmount: 0 },
    ],
    [
      'a downgrade now, smaller credit than the renewal',
      invoice([-1000, 500], 1700),
      'now',
      { amountDueToday: 0, credit: 500, nextRenewalAmount: 1200 },
    ],
    [
      'a downgrade at the renewal: nothing today, the new price less any credit',
      invoice([], 1700, -500),
      'period_end',
      { amountDueToday: 0, credit: 0, nextRenewalAmount: 1200 },
    ],
  ])('%s', (_case, preview, timing, expected) => {
    expect(previewAmounts(preview, timing)).toEqual(expected);
  });
});
