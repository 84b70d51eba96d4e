import { type Provider } from '@nestjs/common';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type Response from 'twilio/lib/http/response';
import { APP_CONFIG, type AppConfig } from '../../config/config';

/** The Twilio client, or null when texts are not configured. */
export const TWILIO_CLIENT = Symbol('TWILIO_CLIENT');

/**
 * Twilio's request client, sending every request to `apiUrl` instead of Twilio's hosts: the SDK
 * takes a custom `httpClient`, and builds each request's full URL (api.twilio.com,
 * messaging.twilio.com, …) before handing it over, so rewriting the origin reaches one fake
 * for every Twilio domain.
 */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly apiUrl: URL) {
    super({ timeout: 10_000 });
  }

  override request<TData>(options: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
    const uri = new URL(options.uri);
    uri.protocol = this.apiUrl.protocol;
    uri.host = this.apiUrl.host;
    return super.request<TData>({ ...options, uri: uri.toString() });
  }
}

/** Real Twilio, or any Twilio-compatible API at `apiUrl` (the local fake). */
export function createTwilioClient(
  accountSid: string,
  authToken: string,
  apiUrl?: string,
): twilio.Twilio {
  return twilio(accountSid, authToken, {
    httpClient: apiUrl ? new RedirectingRequestClient(new URL(apiUrl)) : undefined,
  });
}

export const twilioClientProvider: Provider = {
  provide: TWILIO_CLIENT,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): twilio.Twilio | null =>
    config.textsEnabled && config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN
      ? createTwilioClient(
          config.TWILIO_ACCOUNT_SID,
          config.TWILIO_AUTH_TOKEN,
          config.TWILIO_API_URL,
        )
      : null,
};
