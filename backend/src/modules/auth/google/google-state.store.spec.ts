import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../../config/config';
import {
  GOOGLE_STATE_COOKIE,
  GOOGLE_STATE_COOKIE_PATH,
  GOOGLE_STATE_TTL_SECONDS,
  GoogleStateStore,
  openState,
  sealState,
  stateKey,
} from './google-state.store';

const key = stateKey('a-test-secret-that-is-long-enough-000000');
const contents = { state: 'the-state', verifier: 'the-verifier' };

describe('sealed Google sign-in state', () => {
  it('opens what it sealed', () => {
    expect(openState(sealState(contents, key), key)).toEqual(contents);
  });

  it('expires after ten minutes', () => {
    const now = Date.now();
    const sealed = sealState(contents, key, now);
    expect(openState(sealed, key, now + GOOGLE_STATE_TTL_SECONDS * 1000 - 1)).toEqual(contents);
    expect(openState(sealed, key, now + GOOGLE_STATE_TTL_SECONDS * 1000)).toBeNull();
  });

  it('refuses a payload changed after sealing', () => {
    const [, signature] = sealState(contents, key).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...contents, state: 'other', expiresAt: Date.now() + 60_000 }),
    ).toString('base64url');
    expect(openState(`${forged}.${signature}`, key)).toBeNull();
  });

  it('refuses a changed signature, another key and malformed values', () => {
    const sealed = sealState(contents, key);
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA');
    expect(openState(flipped, key)).toBeNull();
    expect(openState(sealed, stateKey('another-secret-that-is-long-enough-00000'))).toBeNull();
    for (const value of ['', 'abc', `${sealed}.x`, `.${sealed.split('.')[1]}`]) {
      expect(openState(value, key)).toBeNull();
    }
  });
});

interface CookieCall {
  name: string;
  value: string;
  options: Record<string, unknown>;
}

function fakeExchange(cookies: Record<string, string> = {}) {
  const set: CookieCall[] = [];
  const cleared: CookieCall[] = [];
  const reply = {
    setCookie: (name: string, value: string, options: Record<string, unknown>) =>
      set.push({ name, value, options }),
    clearCookie: (name: string, options: Record<string, unknown>) =>
      cleared.push({ name, value: '', options }),
  } as unknown as FastifyReply;
  const request = { cookies } as unknown as FastifyRequest;
  return { request, reply, set, cleared };
}

function storeFor(isProduction = false): GoogleStateStore {
  return new GoogleStateStore({
    AUTH_SECRET: 'a-test-secret-that-is-long-enough-000000',
    isProduction,
  } as AppConfig);
}

function stored(store: GoogleStateStore, verifier: string) {
  const exchange = fakeExchange();
  store.attach(exchange.request, exchange.reply);
  let state = '';
  store.store(exchange.request, verifier, undefined, {}, (error, value) => {
    expect(error).toBeNull();
    state = value ?? '';
  });
  return { state, cookie: exchange.set[0]! };
}

function verified(store: GoogleStateStore, cookie: string | undefined, state: unknown) {
  const exchange = fakeExchange(cookie === undefined ? {} : { [GOOGLE_STATE_COOKIE]: cookie });
  store.attach(exchange.request, exchange.reply);
  let result: string | false = false;
  store.verify(exchange.request, state, {}, (error, verifier) => {
    expect(error).toBeNull();
    result = verifier;
  });
  return { verifier: result, cleared: exchange.cleared };
}

describe('GoogleStateStore', () => {
  it('has the arity by which passport-oauth2 recognises a PKCE store', () => {
    const store = storeFor();
    expect(store.store.length).toBe(5);
    expect(store.verify.length).toBe(4);
  });

  it('keeps a fresh random state and the verifier in a short-lived, scoped cookie', () => {
    const store = storeFor();
    const first = stored(store, 'verifier-1');
    const second = stored(store, 'verifier-1');
    expect(first.state).toMatch(/^[\w-]{32}$/);
    expect(second.state).not.toBe(first.state);
    expect(first.cookie).toMatchObject({
      name: GOOGLE_STATE_COOKIE,
      options: {
        path: GOOGLE_STATE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: false,
        maxAge: GOOGLE_STATE_TTL_SECONDS,
      },
    });
    expect(stored(storeFor(true), 'v').cookie.options.secure).toBe(true);
  });

  it('hands back the verifier for the matching state and clears the cookie', () => {
    const store = storeFor();
    const { state, cookie } = stored(store, 'verifier-1');
    const result = verified(store, cookie.value, state);
    expect(result.verifier).toBe('verifier-1');
    expect(result.cleared).toEqual([
      expect.objectContaining({
        name: GOOGLE_STATE_COOKIE,
        options: expect.objectContaining({ path: GOOGLE_STATE_COOKIE_PATH }),
      }),
    ]);
  });

  it.each([
    ['a different state', (state: string) => `${state}x`],
    ['no state', () => undefined],
    ['a state given twice', (state: string) => [state, state]],
  ])('fails with %s and still clears the cookie', (_name, given) => {
    const store = storeFor();
    const { state, cookie } = stored(store, 'verifier-1');
    const result = verified(store, cookie.value, given(state));
    expect(result.verifier).toBe(false);
    expect(result.cleared).toHaveLength(1);
  });

  it('fails without the cookie, with a tampered one, or with one signed by another secret', () => {
    const store = storeFor();
    const { state, cookie } = stored(store, 'verifier-1');
    expect(verified(store, undefined, state).verifier).toBe(false);
    expect(verified(store, `x${cookie.value}`, state).verifier).toBe(false);
    const other = new GoogleStateStore({
      AUTH_SECRET: 'another-secret-that-is-long-enough-00000',
      isProduction: false,
    } as AppConfig);
    expect(verified(other, cookie.value, state).verifier).toBe(false);
  });

  it('fails once the cookie has expired', () => {
    const store = storeFor();
    const { state, cookie } = stored(store, 'verifier-1');
    jest.useFakeTimers({ now: Date.now() + GOOGLE_STATE_TTL_SECONDS * 1000 + 1 });
    try {
      expect(verified(store, cookie.value, state).verifier).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});
