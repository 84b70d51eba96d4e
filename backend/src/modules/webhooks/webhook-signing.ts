import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the Standard Webhooks format: `whsec_` and 24 random bytes, base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** What the endpoint list shows of a secret: enough to tell two apart, too little to sign. */
export function secretPrefix(secret: string): string {
  return `${secret.slice(0, 10)}…`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The Standard Webhooks headers for one attempt, signed with the standardwebhooks library. During
 * a rotation's overlap both secrets sign (`v1,<new> v1,<old>`), so a receiver that still has the
 * old secret keeps verifying until it is switched.
 */
export function signWebhook(
  secrets: readonly string[],
  messageId: string,
  at: Date,
  body: string,
): SignedHeaders {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, at, body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
