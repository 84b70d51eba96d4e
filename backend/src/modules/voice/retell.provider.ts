import { type Provider } from '@nestjs/common';
import Retell from 'retell-sdk';
import { APP_CONFIG, type AppConfig } from '../../config/config';

/** The Retell client, or null when voice calls are not configured (the built-in assistant runs). */
export const RETELL_CLIENT = Symbol('RETELL_CLIENT');

/**
 * Retell, or any Retell-compatible API at RETELL_API_URL (the local fake). A web call's token
 * must be used within 30 s, so a slow answer is not worth waiting long for: one retry, 10 s.
 */
export function createRetellClient(apiKey: string, apiUrl?: string): Retell {
  return new Retell({
    apiKey,
    ...(apiUrl ? { baseURL: apiUrl } : {}),
    maxRetries: 1,
    timeout: 10_000,
  });
}

export const retellClientProvider: Provider = {
  provide: RETELL_CLIENT,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): Retell | null =>
    config.voiceProvider === 'retell' && config.RETELL_API_KEY
      ? createRetellClient(config.RETELL_API_KEY, config.RETELL_API_URL)
      : null,
};
