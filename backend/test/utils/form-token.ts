import { type INestApplication } from '@nestjs/common';
import { type FormTokenResponse } from '@rafter/domain/lead';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { FormTokenService } from '../../src/modules/leads/form-token.service';

/**
 * A form token from `app`'s own signer for the calculator of `ownerId` (null: the main site), as
 * if the widget had loaded `startedMsAgo` ago, so a test's quote request is not too fast for a
 * person. Single use, like every form token: take a new one per request.
 */
export function formToken(
  app: INestApplication,
  ownerId: string | null,
  startedMsAgo = 60_000,
): string {
  return app
    .get(FormTokenService)
    .signFor(ownerId, new Date(Date.now() - startedMsAgo), new Date());
}

/** GET /api/form-token, as the widget calls it when it loads. */
export async function fetchFormToken(
  app: NestFastifyApplication,
  ownerId: string | null,
  previous?: string,
): Promise<FormTokenResponse> {
  const query = new URLSearchParams();
  if (ownerId) query.set('ownerId', ownerId);
  if (previous) query.set('previous', previous);
  const response = await app.inject({ url: `/api/form-token?${query.toString()}` });
  if (response.statusCode !== 200) {
    throw new Error(`GET /api/form-token answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<FormTokenResponse>();
}

/**
 * `payload` with a fresh form token for its `ownerId` (the main site's without one) when it has
 * none: what a quote request from the widget carries. Anything but an object is left as it is.
 */
export function withFormToken<T>(app: INestApplication, payload: T): T {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  if ('formToken' in payload) return payload;
  const ownerId = (payload as { ownerId?: unknown }).ownerId;
  return {
    ...payload,
    formToken: formToken(app, typeof ownerId === 'string' ? ownerId : null),
  };
}
