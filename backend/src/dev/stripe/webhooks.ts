import { createHmac } from 'node:crypto';
import { newId, nowSeconds, type StripeObject } from './objects';

/** Stripe's webhook signature: `t=<seconds>,v1=<HMAC-SHA256 of "<t>.<payload>">`. */
export function signWebhookPayload(payload: string, secret: string, timestamp = nowSeconds()) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Signed events POSTed to the api's webhook endpoint one at a time, in the order they happened,
 * like one Stripe delivery queue; a failed delivery is tried three times.
 */
export class WebhookQueue {
  private deliveries: Promise<void> = Promise.resolve();

  constructor(
    private readonly url: string,
    readonly secret: string,
  ) {}

  emit(type: string, data: StripeObject, previousAttributes?: Record<string, unknown>) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: {
        object: structuredClone(data),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
    };
    this.deliveries = this.deliveries.then(() => this.deliver(JSON.stringify(event)));
    return this.deliveries;
  }

  /** Resolves once every event emitted so far was delivered (or given up on). */
  idle(): Promise<void> {
    return this.deliveries;
  }

  private async deliver(payload: string): Promise<void> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const response = await fetch(this.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': signWebhookPayload(payload, this.secret),
          },
          body: payload,
        });
        if (response.ok) return;
        console.warn(`[fake-stripe] webhook answered ${response.status}`);
      } catch (error) {
        console.warn(`[fake-stripe] webhook delivery failed: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
