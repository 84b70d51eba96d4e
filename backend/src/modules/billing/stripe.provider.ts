import { type Provider } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../config/config';

/** The Stripe client, or null when billing is not configured (no STRIPE_SECRET_KEY). */
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/**
 * Real Stripe, or any Stripe-compatible API at STRIPE_API_URL (the local fake): the SDK takes the
 * host, port and protocol separately.
 */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  if (!apiUrl) return new Stripe(secretKey, { maxNetworkRetries: 2 });
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
  });
}

export const stripeClientProvider: Provider = {
  provide: STRIPE_CLIENT,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): Stripe | null =>
    config.STRIPE_SECRET_KEY
      ? createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL)
      : null,
};
