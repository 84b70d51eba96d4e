import { REFRESH_COOKIE_NAME } from '@rafter/domain/auth';
import type { LightMyRequestResponse } from 'fastify';
import type { PrismaService } from '../src/core/database/prisma.service';
import {
  type FakeGoogleProfile,
  type FakeGoogleServer,
  startFakeGoogleServer,
} from '../src/dev/google/fake-google.server';
import { EmailLinksService } from '../src/modules/auth/email-links.service';
import { GOOGLE_STATE_COOKIE } from '../src/modules/auth/google/google-state.store';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { createAccount } from './factories/account.factory';
import { captureStdout } from './utils/capture-logs';
import { createTestApp, type TestApp } from './utils/create-app';
import { freePort } from './utils/services';
import { startTestStack, type TestStack } from './utils/stack';

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK_URL = `${PUBLIC_URL}/api/auth/google/callback`;
const FAILED = '/?auth=signin&auth_error=google_failed';
const UNVERIFIED = '/?auth=signin&auth_error=google_email_unverified';
const LINK_REQUIRED = '/?auth=signin&auth_error=google_link_required';
const LINK_COOKIE = 'rafter_google_link';

/** Everything secret or personal a test saw; none of it may show up in a log line. */
const secrets = new Set<string>();

let profiles = 0;
/** A Google account of its own for each test. */
function googleProfile(overrides: Partial<FakeGoogleProfile> = {}): FakeGoogleProfile {
  profiles += 1;
  return {
    sub: `google-sub-${process.pid}-${profiles}`,
    email: `google-user-${profiles}@example.com`,
    email_verified: true,
    name: `Google User ${profiles}`,
    given_name: 'Google',
    family_name: `User ${profiles}`,
    ...overrides,
  };
}

/** Sets the account the fake signs in as next; its e-mail must never be logged. */
function useProfile(fake: FakeGoogleServer, profile: FakeGoogleProfile): FakeGoogleProfile {
  if (profile.email) secrets.add(profile.email);
  fake.setProfile(profile);
  return profile;
}

function googleEnv(fake: FakeGoogleServer, overrides: Record<string, string> = {}) {
  return {
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: fake.clientId,
    GOOGLE_CLIENT_SECRET: fake.clientSecret,
    GOOGLE_AUTHORIZATION_URL: fake.authorizationUrl,
    GOOGLE_TOKEN_URL: fake.tokenUrl,
    GOOGLE_USERINFO_URL: fake.userinfoUrl,
    ...overrides,
  };
}

interface SetCookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

/** The cookie a response sets under one name; every value set is remembered as a secret. */
function setCookie(response: LightMyRequestResponse, name: string): SetCookie | undefined {
  const cookie = (response.cookies as SetCookie[]).find((c) => c.name === name);
  if (cookie?.value) secrets.add(cookie.value);
  return cookie;
}

interface Started {
  /** The authorization URL the browser is sent to. */
  authorization: URL;
  /** The state cookie's value, as the browser sends it back. */
  stateCookie: string;
}

/** What a Google test drives: a real app and the browser's side of the redirects. */
function googleFlow(t: () => { app: TestApp['app'] }) {
  async function start(): Promise<Started> {
    const response = await t().app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(response.statusCode).toBe(302);
    const cookie = setCookie(response, GOOGLE_STATE_COOKIE);
    expect(cookie?.value).toBeTruthy();
    const authorization = new URL(String(response.headers.location));
    secrets.add(authorization.searchParams.get('state') ?? '');
    return { authorization, stateCookie: cookie!.value };
  }

  /** The fake approves at once and redirects back; this is the callback URL it chose. */
  async function approve(authorization: URL): Promise<URL> {
    const response = await fetch(authorization, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK_URL);
    secrets.add(back.searchParams.get('code') ?? '');
    return back;
  }

  function callback(back: URL, stateCookie?: string) {
    return t().app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { 'user-agent': 'google-e2e' },
      cookies: stateCookie === undefined ? undefined : { [GOOGLE_STATE_COOKIE]: stateCookie },
    });
  }

  /** Start, approve and come back, as a browser does. */
  async function signIn() {
    const { authorization, stateCookie } = await start();
    return callback(await approve(authorization), stateCookie);
  }

  return { start, approve, callback, signIn };
}

describe('Google sign-in', () => {
  let fake: FakeGoogleServer;
  let s: TestStack;
  let prisma: PrismaService;
  let logs: ReturnType<typeof captureStdout>;
  const flow = googleFlow(() => s);

  beforeAll(async () => {
    logs = captureStdout();
    fake = await startFakeGoogleServer();
    s = await startTestStack(googleEnv(fake), { logger: true });
    prisma = s.prisma;
  });

  afterAll(async () => {
    await s?.close();
    await fake?.stop();
    logs?.stop();
  });

  const sessionsOf = (userId: string) => prisma.session.findMany({ where: { userId } });

  describe('GET /api/auth/google', () => {
    it('redirects to the provider with offline access, consent, state and PKCE (S256)', async () => {
      const response = await s.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(response.statusCode).toBe(302);
      const location = new URL(String(response.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(fake.authorizationUrl);
      const query = Object.fromEntries(location.searchParams);
      expect(query).toMatchObject({
        response_type: 'code',
        client_id: fake.clientId,
        redirect_uri: CALLBACK_URL,
        scope: 'openid email profile',
        access_type: 'offline',
        prompt: 'consent',
        code_challenge_method: 'S256',
      });
      expect(query.code_challenge).toMatch(/^[\w-]{43}$/);
      expect(query.state).toMatch(/^[\w-]{32}$/);

      expect(setCookie(response, GOOGLE_STATE_COOKIE)).toEqual({
        name: GOOGLE_STATE_COOKIE,
        value: expect.stringMatching(/^[\w-]+\.[\w-]{43}$/),
        maxAge: 600,
        path: '/api/auth/google',
        httpOnly: true,
        sameSite: 'Lax',
      });
      expect(response.headers['x-request-id']).toBeDefined();
    });
  });

  describe('GET /api/auth/google/callback', () => {
    it('signs a new Google user in, with a confirmed account and a session the refresh accepts', async () => {
      const profile = useProfile(fake, googleProfile());
      const response = await flow.signIn();

      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/');
      const refresh = setCookie(response, REFRESH_COOKIE_NAME);
      expect(refresh).toMatchObject({ path: '/api/auth', httpOnly: true, sameSite: 'Strict' });
      // The state cookie is spent.
      expect(setCookie(response, GOOGLE_STATE_COOKIE)).toMatchObject({
        value: '',
        maxAge: 0,
        path: '/api/auth/google',
      });

      const user = await prisma.user.findUniqueOrThrow({ where: { email: profile.email } });
      expect(user).toMatchObject({
        fullName: profile.name,
        googleSubject: profile.sub,
        passwordHash: null,
      });
      expect(user.emailVerifiedAt).toBeInstanceOf(Date);
      const [session, ...others] = await sessionsOf(user.id);
      expect(others).toHaveLength(0);
      expect(session).toMatchObject({ userAgent: 'google-e2e', revokedAt: null, usedAt: null });

      const refreshed = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { [REFRESH_COOKIE_NAME]: refresh!.value },
      });
      expect(refreshed.statusCode).toBe(200);
      secrets.add(refreshed.json().accessToken);
      setCookie(refreshed, REFRESH_COOKIE_NAME);
      expect(refreshed.json()).toMatchObject({
        tokenType: 'bearer',
        user: { id: user.id, email: profile.email, fullName: profile.name, emailConfirmed: true },
      });
    });

    it('signs the same Google account in to the same user again', async () => {
      const profile = useProfile(fake, googleProfile());
      expect((await flow.signIn()).headers.location).toBe('/');
      // Google may report a new address for the account; the account id decides.
      useProfile(fake, { ...profile, email: `renamed-${profile.email}` });
      expect((await flow.signIn()).headers.location).toBe('/');

      const users = await prisma.user.findMany({ where: { googleSubject: profile.sub } });
      expect(users.map((user) => user.email)).toEqual([profile.email]);
      expect(await sessionsOf(users[0]!.id)).toHaveLength(2);
    });

    /** A password sign-in from the browser, sending the cookies it holds. */
    function passwordSignIn(email: string, password: string, cookies: Record<string, string> = {}) {
      return s.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email, password },
        cookies,
      });
    }

    it("gives a stranger who signed up first with the owner's e-mail nothing once the owner signs in with Google", async () => {
      const profile = useProfile(fake, googleProfile());
      const strangersPassword = 'squatter-secret-81';
      const signUp = await s.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { fullName: 'Not The Owner', email: profile.email, password: strangersPassword },
      });
      expect(signUp.statusCode).toBe(201);
      const squat = await prisma.user.findUniqueOrThrow({ where: { email: profile.email } });
      // Whatever session the account had (none can be had unconfirmed, but should one exist).
      const earlier = await s.app.get(SessionsService).issue(squat.id, {});
      secrets.add(earlier.refreshToken);

      const response = await flow.signIn();
      expect(response.headers.location).toBe('/');
      expect(setCookie(response, REFRESH_COOKIE_NAME)?.value).toBeTruthy();

      const stranger = await passwordSignIn(profile.email, strangersPassword);
      expect(stranger.statusCode).toBe(401);
      expect(stranger.json()).toMatchObject({ error: 'Username or password is wrong' });
      const refreshed = await s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { [REFRESH_COOKIE_NAME]: earlier.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);

      const user = await prisma.user.findUniqueOrThrow({ where: { id: squat.id } });
      expect(user).toMatchObject({
        googleSubject: profile.sub,
        passwordHash: null,
        fullName: profile.name,
      });
      expect(user.emailVerifiedAt).toBeInstanceOf(Date);
      // The confirmation link mailed at sign-up is spent too.
      expect(await prisma.emailToken.count({ where: { userId: squat.id, usedAt: null } })).toBe(0);
      expect(logs.text()).toContain('Google sign-in took over an unconfirmed account');
      // The sign-up's confirmation e-mail, made by the worker after the take-over (it read the
      // account while still unconfirmed), gets no new link either.
      expect(await s.app.get(EmailLinksService).confirmation(squat.id)).toBeNull();
      expect(await prisma.emailToken.count({ where: { userId: squat.id, usedAt: null } })).toBe(0);
    });

    it('asks the owner of a confirmed password account to sign in with the password once, which links Google', async () => {
      const profile = useProfile(fake, googleProfile());
      const account = await createAccount(prisma, { email: profile.email.toUpperCase() });

      const refused = await flow.signIn();
      expect(refused.statusCode).toBe(302);
      expect(refused.headers.location).toBe(LINK_REQUIRED);
      expect(setCookie(refused, REFRESH_COOKIE_NAME)).toBeUndefined();
      const link = setCookie(refused, LINK_COOKIE);
      expect(link).toMatchObject({
        path: '/api/auth',
        maxAge: 900,
        httpOnly: true,
        sameSite: 'Strict',
      });
      expect(await prisma.user.findUniqueOrThrow({ where: { id: account.id } })).toMatchObject({
        googleSubject: null,
        passwordHash: expect.any(String),
      });
      expect(await sessionsOf(account.id)).toHaveLength(0);

      // A wrong password links nothing and keeps the request for the next try.
      const wrong = await passwordSignIn(account.email, 'not-the-password', {
        [LINK_COOKIE]: link!.value,
      });
      expect(wrong.statusCode).toBe(401);
      expect(setCookie(wrong, LINK_COOKIE)).toBeUndefined();
      expect(
        (await prisma.user.findUniqueOrThrow({ where: { id: account.id } })).googleSubject,
      ).toBeNull();

      const signedIn = await passwordSignIn(account.email, account.password!, {
        [LINK_COOKIE]: link!.value,
      });
      expect(signedIn.statusCode).toBe(200);
      secrets.add(signedIn.json().accessToken);
      setCookie(signedIn, REFRESH_COOKIE_NAME);
      expect(setCookie(signedIn, LINK_COOKIE)).toMatchObject({ value: '', path: '/api/auth' });
      expect(
        (await prisma.user.findUniqueOrThrow({ where: { id: account.id } })).googleSubject,
      ).toBe(profile.sub);

      // From now on Google signs straight in, and the password still works.
      const again = await flow.signIn();
      expect(again.headers.location).toBe('/');
      expect(setCookie(again, REFRESH_COOKIE_NAME)?.value).toBeTruthy();
      expect(await sessionsOf(account.id)).toHaveLength(2);
      expect((await passwordSignIn(account.email, account.password!)).statusCode).toBe(200);
    });

    it('links nothing when another account signs in, or the link request was forged, or it expired', async () => {
      const profile = useProfile(fake, googleProfile());
      const owner = await createAccount(prisma, { email: profile.email });
      const other = await createAccount(prisma);
      const link = setCookie(await flow.signIn(), LINK_COOKIE)!.value;

      // The genuine cookie's signature under a payload naming another account.
      const signature = link.slice(link.lastIndexOf('.') + 1);
      const forgedFor = (userId: string) =>
        `${Buffer.from(JSON.stringify({ u: userId, s: profile.sub, e: Date.now() + 60_000 })).toString('base64url')}.${signature}`;

      const forged = await passwordSignIn(other.email, other.password!, {
        [LINK_COOKIE]: forgedFor(other.id),
      });
      expect(forged.statusCode).toBe(200);
      const otherSignIn = await passwordSignIn(other.email, other.password!, {
        [LINK_COOKIE]: link,
      });
      expect(otherSignIn.statusCode).toBe(200);
      expect(setCookie(otherSignIn, LINK_COOKIE)).toMatchObject({ value: '' });

      const expiredLink = setCookie(await flow.signIn(), LINK_COOKIE)!.value;
      const realNow = Date.now;
      try {
        Date.now = () => realNow() + 16 * 60_000;
        const late = await passwordSignIn(owner.email, owner.password!, {
          [LINK_COOKIE]: expiredLink,
        });
        expect(late.statusCode).toBe(200);
      } finally {
        Date.now = realNow;
      }

      const rows = await prisma.user.findMany({
        where: { id: { in: [owner.id, other.id] } },
        select: { googleSubject: true },
      });
      expect(rows).toEqual([{ googleSubject: null }, { googleSubject: null }]);
    });

    it('refuses an unverified Google e-mail that matches an account', async () => {
      const profile = useProfile(fake, googleProfile({ email_verified: false }));
      const existing = await prisma.user.create({
        data: { email: profile.email, passwordHash: 'not-a-real-hash' },
      });
      const response = await flow.signIn();

      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(UNVERIFIED);
      expect(setCookie(response, REFRESH_COOKIE_NAME)).toBeUndefined();
      const user = await prisma.user.findUniqueOrThrow({ where: { id: existing.id } });
      expect(user.googleSubject).toBeNull();
      expect(await sessionsOf(existing.id)).toHaveLength(0);
      expect(logs.text()).toContain('"code":"google_email_unverified"');
    });

    it('creates no account for an unverified Google e-mail', async () => {
      const profile = useProfile(fake, googleProfile({ email_verified: false }));
      expect((await flow.signIn()).headers.location).toBe(UNVERIFIED);
      expect(await prisma.user.count({ where: { email: profile.email } })).toBe(0);
    });

    describe('fails to the sign-in dialog, with no session', () => {
      let profile: FakeGoogleProfile;

      beforeEach(() => {
        profile = useProfile(fake, googleProfile());
      });

      async function expectFailed(response: LightMyRequestResponse) {
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe(FAILED);
        expect(setCookie(response, REFRESH_COOKIE_NAME)).toBeUndefined();
        expect(await prisma.user.count({ where: { email: profile.email } })).toBe(0);
      }

      it('when the state was tampered with', async () => {
        const { authorization, stateCookie } = await flow.start();
        const back = await flow.approve(authorization);
        back.searchParams.set('state', `${back.searchParams.get('state')}x`);
        const response = await flow.callback(back, stateCookie);
        await expectFailed(response);
        expect(setCookie(response, GOOGLE_STATE_COOKIE)).toMatchObject({ value: '', maxAge: 0 });
      });

      it('when the state cookie is missing', async () => {
        const { authorization } = await flow.start();
        await expectFailed(await flow.callback(await flow.approve(authorization)));
      });

      it('when the state cookie belongs to another sign-in', async () => {
        const first = await flow.start();
        const second = await flow.start();
        const back = await flow.approve(first.authorization);
        await expectFailed(await flow.callback(back, second.stateCookie));
      });

      it('when the state cookie was forged', async () => {
        const { authorization, stateCookie } = await flow.start();
        const back = await flow.approve(authorization);
        const [payload, signature] = stateCookie.split('.');
        await expectFailed(await flow.callback(back, `${payload}x.${signature}`));
      });

      it('when the user denies access', async () => {
        const { authorization, stateCookie } = await flow.start();
        const back = new URL(CALLBACK_URL);
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('state', authorization.searchParams.get('state') ?? '');
        await expectFailed(await flow.callback(back, stateCookie));
      });

      it('when the provider refuses the code (a replayed callback)', async () => {
        const { authorization, stateCookie } = await flow.start();
        const back = await flow.approve(authorization);
        expect((await flow.callback(back, stateCookie)).headers.location).toBe('/');
        await prisma.user.deleteMany({ where: { email: profile.email } });
        await expectFailed(await flow.callback(back, stateCookie));
      });

      it('when the callback carries no code, without starting a new sign-in', async () => {
        const { stateCookie } = await flow.start();
        const response = await flow.callback(new URL(CALLBACK_URL), stateCookie);
        await expectFailed(response);
        expect(setCookie(response, GOOGLE_STATE_COOKIE)).toBeUndefined();
      });

      it('when the start route is given a code, without signing in', async () => {
        const { authorization, stateCookie } = await flow.start();
        const back = await flow.approve(authorization);
        const response = await s.app.inject({
          method: 'GET',
          url: `/api/auth/google${back.search}`,
          cookies: { [GOOGLE_STATE_COOKIE]: stateCookie },
        });
        await expectFailed(response);
      });

      it('when Google does not give an e-mail', async () => {
        useProfile(fake, { ...profile, email: '' });
        await expectFailed(await flow.signIn());
      });
    });
  });

  it('logs every failure with its code, and no token, code, state or Google e-mail', () => {
    const text = logs.text();
    expect(text).toContain('"msg":"Google sign-in failed"');
    expect(text).toContain('"code":"google_failed"');
    expect(secrets.size).toBeGreaterThan(40);
    for (const secret of secrets) if (secret) expect(text).not.toContain(secret);
  });
});

describe('Google sign-in when the provider is down', () => {
  let fake: FakeGoogleServer;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeGoogleServer();
    const nothingListens = `http://127.0.0.1:${await freePort()}`;
    t = await createTestApp(
      googleEnv(fake, {
        GOOGLE_TOKEN_URL: `${nothingListens}/token`,
        GOOGLE_USERINFO_URL: `${nothingListens}/userinfo`,
      }),
    );
  });

  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  it('redirects to the sign-in dialog with google_failed instead of answering 500', async () => {
    const flow = googleFlow(() => t);
    const response = await flow.signIn();
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(FAILED);
    expect(setCookie(response, REFRESH_COOKIE_NAME)).toBeUndefined();
  });
});

describe('Google sign-in when it is not configured', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(['/api/auth/google', '/api/auth/google/callback?code=abc&state=def'])(
    'answers 404 google_unavailable at %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: 'Google sign-in is not available',
        code: 'google_unavailable',
      });
      expect(response.cookies).toEqual([]);
    },
  );
});
