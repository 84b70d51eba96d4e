import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PLAN_LIST, type PlanId } from '@rafter/domain/plans';
import { type StripeObject } from './objects';

export const QUOTE20 = { code: 'QUOTE20', percentOff: 20 } as const;

/** A Checkout Session with what paying it needs to create the subscription. */
export interface StoredSession {
  session: StripeObject;
  priceId: string;
  subscriptionMetadata: Record<string, string>;
}

/**
 * Everything the fake Stripe knows. The catalogue (the three plans' products and prices, the
 * QUOTE20 coupon and promotion code) is made at start; what customers do (customers, sessions,
 * subscriptions, schedules, invoices, refunds) is kept in `stateFile` across restarts
 * (`npm start`), so stored subscriptions still exist at the fake after a restart.
 */
export class FakeStripeStore {
  readonly products = new Map<string, StripeObject>();
  readonly prices = new Map<string, StripeObject>();
  readonly coupons = new Map<string, StripeObject>();
  readonly promotionCodes = new Map<string, StripeObject>();
  readonly customers = new Map<string, StripeObject>();
  readonly sessions = new Map<string, StoredSession>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly schedules = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  /** Cents refunded so far per payment intent. */
  readonly refunded = new Map<string, number>();
  readonly priceIds = {} as Record<PlanId, string>;

  constructor(private readonly stateFile?: string) {
    this.load();
    this.createCatalogue();
  }

  /** Writes the customers' side of the state to `stateFile`, if there is one. */
  save(): void {
    if (!this.stateFile) return;
    mkdirSync(dirname(this.stateFile), { recursive: true });
    const state = Object.fromEntries(
      Object.entries(this.persisted()).map(([name, map]) => [name, [...map.entries()]]),
    );
    writeFileSync(this.stateFile, JSON.stringify(state));
  }

  private persisted(): Record<string, Map<string, unknown>> {
    const { customers, sessions, subscriptions, schedules, invoices, refunds, refunded } = this;
    return { customers, sessions, subscriptions, schedules, invoices, refunds, refunded };
  }

  private load(): void {
    if (!this.stateFile || !existsSync(this.stateFile)) return;
    const saved = JSON.parse(readFileSync(this.stateFile, 'utf8')) as Record<
      string,
      [string, unknown][]
    >;
    for (const [name, map] of Object.entries(this.persisted())) {
      for (const [key, value] of saved[name] ?? []) map.set(key, value);
    }
  }

  private createCatalogue(): void {
    for (const plan of PLAN_LIST) {
      const product: StripeObject = {
        id: `prod_${plan.id}`,
        object: 'product',
        name: plan.name,
        active: true,
        livemode: false,
        metadata: { plan: plan.id },
      };
      this.products.set(product.id, product);
      const price: StripeObject = {
        id: `price_${plan.id}_monthly`,
        object: 'price',
        active: true,
        currency: 'usd',
        unit_amount: plan.priceCents,
        type: 'recurring',
        recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
        product: product.id,
        livemode: false,
        metadata: { plan: plan.id },
      };
      this.prices.set(price.id, price);
      this.priceIds[plan.id] = price.id;
    }
    const coupon: StripeObject = {
      id: 'quote20',
      object: 'coupon',
      name: 'QUOTE20',
      percent_off: QUOTE20.percentOff,
      duration: 'once',
      valid: true,
      livemode: false,
    };
    this.coupons.set(coupon.id, coupon);
    const promotionCode: StripeObject = {
      id: 'promo_quote20',
      object: 'promotion_code',
      code: QUOTE20.code,
      active: true,
      promotion: { type: 'coupon', coupon: coupon.id },
      livemode: false,
    };
    this.promotionCodes.set(promotionCode.id, promotionCode);
  }

  /** The product name of a price, as invoice lines and the checkout page show it. */
  productName(price: StripeObject): string {
    return String(this.products.get(price.product as string)?.name);
  }
}
