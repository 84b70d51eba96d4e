import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAC_BYTES = 16;
/** 32 bytes of ids (+ 4 of version for manage links), then the MAC; base64url. */
const BOOK_TOKEN = /^b\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/;
const MANAGE_TOKEN = /^m\.[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{22}$/;

/** The lead a homeowner may book an inspection for. */
export interface BookSubject {
  ownerId: string;
  leadId: string;
}

/** The booking a manage link changes, at the version it was sent for. */
export interface ManageSubject {
  bookingId: string;
  version: number;
}

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The homeowner's booking links, signed with keys derived from AUTH_SECRET for these purposes
 * only (no other token is valid here, and these are valid nowhere else):
 * - a book token (`b.`) names the contractor and the lead: it comes with the quote request's
 *   answer and in the estimate e-mail, and lets that homeowner book one inspection;
 * - a manage token (`m.`) names a booking and its version: every change bumps the version, so a
 *   reschedule or cancel link works once, and the e-mail after a change carries new ones.
 * Tokens hold ids only (links end up in logs and histories), no personal details.
 */
export class BookingTokens {
  private readonly bookKey: Buffer;
  private readonly manageKey: Buffer;

  constructor(secret: string) {
    this.bookKey = createHmac('sha256', secret).update('rafter:booking:book:v1').digest();
    this.manageKey = createHmac('sha256', secret).update('rafter:booking:manage:v1').digest();
  }

  book(subject: BookSubject): string {
    if (!UUID.test(subject.ownerId) || !UUID.test(subject.leadId)) {
      throw new Error('Book tokens name an owner and a lead by id');
    }
    const body = Buffer.concat([uuidBytes(subject.ownerId), uuidBytes(subject.leadId)]);
    return `b.${body.toString('base64url')}.${mac(this.bookKey, body).toString('base64url')}`;
  }

  manage(subject: ManageSubject): string {
    if (!UUID.test(subject.bookingId) || !Number.isInteger(subject.version)) {
      throw new Error('Manage tokens name a booking by id and its version');
    }
    const version = Buffer.alloc(4);
    version.writeUInt32BE(subject.version);
    const body = Buffer.concat([uuidBytes(subject.bookingId), version]);
    return `m.${body.toString('base64url')}.${mac(this.manageKey, body).toString('base64url')}`;
  }

  /** The subject of a genuine book token; null for anything else. */
  verifyBook(token: string): BookSubject | null {
    const body = verified(token, BOOK_TOKEN, this.bookKey, 32);
    return body
      ? { ownerId: uuidOf(body.subarray(0, 16)), leadId: uuidOf(body.subarray(16)) }
      : null;
  }

  /** The subject of a genuine manage token; null for anything else. */
  verifyManage(token: string): ManageSubject | null {
    const body = verified(token, MANAGE_TOKEN, this.manageKey, 20);
    return body
      ? { bookingId: uuidOf(body.subarray(0, 16)), version: body.readUInt32BE(16) }
      : null;
  }
}

function mac(key: Buffer, body: Buffer): Buffer {
  return createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
}

function verified(token: string, shape: RegExp, key: Buffer, length: number): Buffer | null {
  if (typeof token !== 'string' || !shape.test(token)) return null;
  const [, bodyText, macText] = token.split('.') as [string, string, string];
  const body = Buffer.from(bodyText, 'base64url');
  const given = Buffer.from(macText, 'base64url');
  if (body.length !== length || given.length !== MAC_BYTES) return null;
  return timingSafeEqual(given, mac(key, body)) ? body : null;
}
