import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link names: the contractor and the lead it was sent about. */
export interface UnsubscribeSubject {
  ownerId: string;
  leadId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAC_BYTES = 16;
const TOKEN = /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/;

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Signed unsubscribe links. The key is derived from AUTH_SECRET for this one purpose, so an
 * unsubscribe token is valid for nothing else and no other token is valid here. The token holds
 * only ids (no address: links end up in logs and browser histories) and does not expire, as an
 * unsubscribe link must keep working long after the e-mail was sent.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('rafter:unsubscribe:v1').digest();
  }

  sign(subject: UnsubscribeSubject): string {
    if (!UUID.test(subject.ownerId) || !UUID.test(subject.leadId)) {
      throw new Error('Unsubscribe tokens name an owner and a lead by id');
    }
    const body = Buffer.concat([uuidBytes(subject.ownerId), uuidBytes(subject.leadId)]);
    return `${body.toString('base64url')}.${this.mac(body).toString('base64url')}`;
  }

  /** The subject of a genuine token; null for anything else (malformed, altered, forged). */
  verify(token: string): UnsubscribeSubject | null {
    if (!TOKEN.test(token)) return null;
    const [bodyText, macText] = token.split('.') as [string, string];
    const body = Buffer.from(bodyText, 'base64url');
    const mac = Buffer.from(macText, 'base64url');
    if (body.length !== 32 || mac.length !== MAC_BYTES) return null;
    if (!timingSafeEqual(mac, this.mac(body))) return null;
    return { ownerId: uuidOf(body.subarray(0, 16)), leadId: uuidOf(body.subarray(16)) };
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}
