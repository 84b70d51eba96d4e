import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../config/config';

export const GOOGLE_STATE_COOKIE = 'rafter_google_state';
/** Sent back only to the two Google routes. */
export const GOOGLE_STATE_COOKIE_PATH = '/api/auth/google';
/** Long enough to pick an account and consent, short enough to make a stolen cookie useless. */
export const GOOGLE_STATE_TTL_SECONDS = 10 * 60;

export interface GoogleStateContents {
  state: string;
  /** PKCE code verifier, sent with the code to the token endpoint. */
  verifier: string;
}

interface SealedPayload extends GoogleStateContents {
  /** Unix time in milliseconds. */
  expiresAt: number;
}

/** A key of its own, so nothing else signed with AUTH_SECRET can pass for a state cookie. */
export function stateKey(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('rafter google sign-in state').digest();
}

function signature(payload: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

/** `<payload>.<signature>`, both base64url; the expiry is inside what is signed. */
export function sealState(contents: GoogleStateContents, key: Buffer, now = Date.now()): string {
  const payload: SealedPayload = {
    state: contents.state,
    verifier: contents.verifier,
    expiresAt: now + GOOGLE_STATE_TTL_SECONDS * 1000,
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${signature(encoded, key).toString('base64url')}`;
}

/** The contents of a sealed state, or null when it is malformed, forged or expired. */
export function openState(
  sealed: string,
  key: Buffer,
  now = Date.now(),
): GoogleStateContents | null {
  const [encoded, signed, extra] = sealed.split('.');
  if (!encoded || !signed || extra !== undefined) return null;
  const expected = signature(encoded, key);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: Partial<SealedPayload>;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as SealedPayload;
  } catch {
    return null;
  }
  const { state, verifier, expiresAt } = payload;
  if (typeof state !== 'string' || typeof verifier !== 'string') return null;
  if (typeof expiresAt !== 'number' || expiresAt <= now) return null;
  return { state, verifier };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

type StoreCallback = (error: Error | null, state?: string) => void;
type VerifyCallback = (error: Error | null, verifier: string | false, info?: object) => void;

/**
 * passport-oauth2's state store for PKCE without a server session: the state and the code
 * verifier travel in a signed, short-lived, httpOnly cookie that only the Google routes see.
 * SameSite=Lax, because the browser comes back from Google on a cross-site top-level GET.
 */
@Injectable()
export class GoogleStateStore {
  private readonly key: Buffer;
  /** Passport hands the store only the request; the guard tells it which reply goes with it. */
  private readonly replies = new WeakMap<FastifyRequest, FastifyReply>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = stateKey(config.AUTH_SECRET);
  }

  attach(request: FastifyRequest, reply: FastifyReply): void {
    this.replies.set(request, reply);
  }

  // passport-oauth2 chooses the PKCE form of the store by its arity (five parameters), so the
  // unused ones stay in the signature.
  store(
    request: FastifyRequest,
    verifier: string,
    _state: unknown,
    _meta: unknown,
    callback: StoreCallback,
  ): void {
    const reply = this.replies.get(request);
    if (!reply) {
      callback(new Error('Google state store used without a reply'));
      return;
    }
    const state = randomBytes(24).toString('base64url');
    reply.setCookie(GOOGLE_STATE_COOKIE, sealState({ state, verifier }, this.key), {
      ...this.cookieOptions(),
      maxAge: GOOGLE_STATE_TTL_SECONDS,
    });
    callback(null, state);
  }

  /** Single use: the cookie is cleared whether or not the state matches. */
  verify(request: FastifyRequest, state: unknown, _meta: unknown, callback: VerifyCallback): void {
    const sealed = request.cookies?.[GOOGLE_STATE_COOKIE];
    this.replies.get(request)?.clearCookie(GOOGLE_STATE_COOKIE, this.cookieOptions());
    const contents = sealed ? openState(sealed, this.key) : null;
    if (!contents || typeof state !== 'string' || !sameText(contents.state, state)) {
      callback(null, false, { message: 'Missing, expired or mismatched Google sign-in state' });
      return;
    }
    callback(null, contents.verifier);
  }

  private cookieOptions() {
    return {
      path: GOOGLE_STATE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.config.isProduction,
    };
  }
}
