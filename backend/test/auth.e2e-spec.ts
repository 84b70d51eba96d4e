import { AUTH_ERRORS, REFRESH_COOKIE_NAME } from '@rafter/domain/auth';
import { type LightMyRequestResponse } from 'fastify';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from '../src/demo-seed';
import { PrismaService } from '../src/core/database/prisma.service';
import { createAccount } from './factories/account.factory';
import { eventually, sleep } from './utils/async';
import { captureStdout } from './utils/capture-logs';
import { createTestApp } from './utils/create-app';
import { type ReceivedMail } from './utils/smtp-sink';
import { STACK_PUBLIC_URL, startTestStack, type TestStack } from './utils/stack';

const PASSWORD = 'correct-horse-9';
const NEW_PASSWORD = 'battery-staple-7';

/** Everything secret a test saw; none of it may show up in a log line. */
const secrets = new Set<string>([PASSWORD, NEW_PASSWORD]);
const addresses = new Set<string>();

let s: TestStack;
let logs: ReturnType<typeof captureStdout>;

beforeAll(async () => {
  logs = captureStdout();
  // Rate limits have their own spec; here they would only get in the way of many sign-ins.
  s = await startTestStack(
    { RATE_LIMIT_AUTH_PER_IP: '0', RATE_LIMIT_AUTH_PER_EMAIL: '0' },
    { logger: true },
  );
});

afterAll(async () => {
  await s?.close();
  logs?.stop();
});

let counter = 0;
function newAddress(): string {
  const address = `contractor${++counter}-${process.pid}@roofers.test`;
  addresses.add(address);
  return address;
}

function post(url: string, payload?: object, cookie?: string) {
  return s.app.inject({
    method: 'POST',
    url,
    payload,
    cookies: cookie === undefined ? undefined : { [REFRESH_COOKIE_NAME]: cookie },
  });
}

function refreshCookie(response: LightMyRequestResponse) {
  const cookie = response.cookies.find((c) => c.name === REFRESH_COOKIE_NAME);
  if (cookie?.value) secrets.add(cookie.value);
  return cookie;
}

async function signIn(email: string, password = PASSWORD) {
  const response = await post('/api/auth/sign-in', { email, password });
  if (response.statusCode === 200) {
    secrets.add(response.json().accessToken);
    return { response, cookie: refreshCookie(response)!.value, ...response.json() };
  }
  return { response };
}

function me(accessToken: string) {
  return s.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
}

/** The next e-mail to `address` after the first `seen` ones. */
async function nextMail(address: string, seen = 0): Promise<ReceivedMail> {
  return eventually(() => s.sink.to(address)[seen]);
}

function tokenIn(mail: ReceivedMail, pattern: RegExp): string {
  const token = pattern.exec(mail.text)?.[1];
  if (!token) throw new Error(`no link in: ${mail.text}`);
  secrets.add(token);
  return token;
}

const confirmToken = (mail: ReceivedMail) => tokenIn(mail, /confirm-email\?token=([\w-]+)/);
const resetToken = (mail: ReceivedMail) => tokenIn(mail, /reset-password#token=([\w-]+)/);

function confirm(token: string) {
  return s.app.inject({ url: `/api/auth/confirm-email?token=${encodeURIComponent(token)}` });
}

/** Waits until the worker has taken every outbox row, so "no e-mail" means none will come. */
async function outboxDrained(): Promise<void> {
  await eventually(
    async () => (await s.prisma.outboxEvent.count({ where: { publishedAt: null } })) === 0,
  );
  await sleep(500);
}

async function familyOf(accessToken: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
  return payload.sid as string;
}

/** Every stored token of the family is revoked; returns how many there are. */
async function expectFamilyRevoked(family: string): Promise<number> {
  const rows = await s.prisma.session.findMany({ where: { familyId: family } });
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  return rows.length;
}

describe('sign-up, confirmation and sign-in', () => {
  it('signs up, e-mails a working link, confirms, signs in and answers /me', async () => {
    const email = newAddress();
    const signUp = await post('/api/auth/sign-up', {
      fullName: 'Pat Contractor',
      email,
      password: PASSWORD,
    });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json()).toEqual({ email, confirmationSent: true });

    const mail = await nextMail(email);
    expect(mail.subject).toBe('Confirm your Rafter account');
    expect(mail.headers.from).toBe('Rafter <no-reply@rafter.app>');
    const token = confirmToken(mail);
    const link = `${STACK_PUBLIC_URL}/api/auth/confirm-email?token=${token}`;
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Hi Pat Contractor,');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('#16a34a');
    const stored = await s.prisma.emailToken.findFirstOrThrow({
      where: { purpose: 'confirm_email' },
    });
    expect(stored.tokenHash).not.toBe(token);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/?auth=signin&confirmed=1');

    const { response, accessToken, user } = await signIn(email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      tokenType: 'bearer',
      expiresIn: 900,
      expiresAt: expect.any(Number),
      user: { email, fullName: 'Pat Contractor', emailConfirmed: true },
    });
    const cookie = refreshCookie(response)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: 30 * 24 * 3600,
    });
    expect(cookie.secure).toBeFalsy();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    const session = await s.prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    expect(session.tokenHash).not.toBe(cookie.value);

    const current = await me(accessToken);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({
      id: user.id,
      email,
      fullName: 'Pat Contractor',
      emailConfirmed: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('refuses an unconfirmed e-mail only when the password is right, and resends the link', async () => {
    const email = newAddress();
    await post('/api/auth/sign-up', { fullName: 'Sam', email, password: PASSWORD });
    const first = await nextMail(email);

    const wrong = await signIn(email, 'not-the-password');
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.json()).toEqual({
      error: 'Username or password is wrong',
      code: 'invalid_credentials',
    });
    const unconfirmed = await signIn(email);
    expect(unconfirmed.response.statusCode).toBe(403);
    expect(unconfirmed.response.json()).toEqual({
      error: 'Please check your email to confirm your account',
      code: 'email_not_confirmed',
    });
    expect(unconfirmed.response.headers['set-cookie']).toBeUndefined();

    const resend = await post('/api/auth/resend-confirmation', { email });
    expect(resend.statusCode).toBe(202);
    expect(resend.json()).toEqual({ ok: true });
    const second = await nextMail(email, 1);
    expect(confirmToken(second)).not.toBe(confirmToken(first));

    expect((await confirm(confirmToken(second))).headers.location).toBe(
      '/?auth=signin&confirmed=1',
    );
    expect((await signIn(email)).response.statusCode).toBe(200);

    // Already confirmed: nothing more to send, and the same answer as for anyone.
    const again = await post('/api/auth/resend-confirmation', { email });
    expect(again.statusCode).toBe(202);
    await outboxDrained();
    expect(s.sink.to(email)).toHaveLength(2);
  });

  it('refuses an expired or made-up confirmation link; a spent one of a confirmed account still says confirmed', async () => {
    const email = newAddress();
    await post('/api/auth/sign-up', { fullName: 'Lee', email, password: PASSWORD });
    const token = confirmToken(await nextMail(email));
    await s.prisma.emailToken.updateMany({
      where: { user: { email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const invalid = '/?auth=signin&auth_error=invalid_link';
    expect((await confirm(token)).headers.location).toBe(invalid);
    expect((await signIn(email)).response.statusCode).toBe(403);

    await post('/api/auth/resend-confirmation', { email });
    const fresh = confirmToken(await nextMail(email, 1));
    expect((await confirm(fresh)).headers.location).toBe('/?auth=signin&confirmed=1');
    // A mail scanner opened the link first: the owner's own click must not look like a failure.
    expect((await confirm(fresh)).headers.location).toBe('/?auth=signin&confirmed=1');
    expect((await confirm(token)).headers.location).toBe('/?auth=signin&confirmed=1');
    expect((await confirm('x'.repeat(43))).headers.location).toBe(invalid);
    const missing = await s.app.inject({ url: '/api/auth/confirm-email' });
    expect(missing.statusCode).toBe(302);
    expect(missing.headers.location).toBe(invalid);
  });

  it('answers a wrong password, an unknown e-mail and a Google-only account alike', async () => {
    const account = await createAccount(s.prisma, { email: newAddress() });
    const googleOnly = await createAccount(s.prisma, { email: newAddress(), password: null });
    const expected = { error: AUTH_ERRORS.invalid_credentials, code: 'invalid_credentials' };
    for (const [email, password] of [
      [account.email, 'wrong-password'],
      [newAddress(), PASSWORD],
      [googleOnly.email, PASSWORD],
    ] as const) {
      const { response } = await signIn(email, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(expected);
    }
  });

  it('refuses a second account for the same e-mail, in any letter case', async () => {
    const account = await createAccount(s.prisma, { email: newAddress() });
    for (const email of [account.email, account.email.toUpperCase()]) {
      const response = await post('/api/auth/sign-up', {
        fullName: 'Someone Else',
        email,
        password: 'another-password',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'An account with this email already exists',
        code: 'user_already_exists',
      });
    }
    expect(await s.prisma.user.count({ where: { email: account.email } })).toBe(1);
  });

  it.each([
    [
      '/api/auth/sign-up',
      { fullName: 'Pat', email: 'pat@roofers.test', password: 'nine-char' },
      'password',
      'password: Password must be at least 10 characters',
    ],
    [
      '/api/auth/reset-password',
      { token: 'x'.repeat(43), password: 'nine-char' },
      'password',
      'password: Password must be at least 10 characters',
    ],
    [
      '/api/auth/sign-up',
      { email: 'pat@roofers.test', password: '123456' },
      'fullName',
      'fullName: Full name is required',
    ],
    ['/api/auth/sign-in', { email: 'not-an-email', password: 'x' }, 'email', undefined],
    ['/api/auth/forgot-password', {}, 'email', undefined],
    ['/api/auth/reset-password', { token: 'short', password: '123456' }, 'token', undefined],
  ])('%s answers 400 naming the invalid field', async (url, payload, field, error) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(Object.keys(body.fields)).toContain(field);
    expect(body.error).toMatch(new RegExp(`^${field}: `));
    if (error) expect(body.error).toBe(error);
  });

  it.each(['password123', 'Qwertyuiop', '1234567890', 'iloveyou12'])(
    'refuses the common password %s for a new account, creating nothing',
    async (password) => {
      const email = newAddress();
      const response = await post('/api/auth/sign-up', { fullName: 'Pat', email, password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'This password is too common. Choose another.',
        code: 'password_too_common',
      });
      expect(await s.prisma.user.count({ where: { email } })).toBe(0);
    },
  );

  it('still signs in with a short password chosen before the rule, so its owner can change it', async () => {
    const account = await createAccount(s.prisma, { email: newAddress(), password: 'abc123' });
    expect((await signIn(account.email, 'abc123')).response.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('rotates the refresh cookie; an old cookie revokes the family, access tokens included', async () => {
    const account = await createAccount(s.prisma, { email: newAddress() });
    const first = await signIn(account.email);
    const family = await familyOf(first.accessToken);

    const refreshed = await post('/api/auth/refresh', undefined, first.cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ tokenType: 'bearer', user: { id: account.id } });
    const second = refreshCookie(refreshed)!;
    expect(second).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(second.value).not.toBe(first.cookie);
    expect(await familyOf(refreshed.json().accessToken)).toBe(family);
    expect((await me(refreshed.json().accessToken)).statusCode).toBe(200);

    const third = refreshCookie(await post('/api/auth/refresh', undefined, second.value))!;

    // The first cookie again: someone else holds a copy.
    const reused = await post('/api/auth/refresh', undefined, first.cookie);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: AUTH_ERRORS.session_missing, code: 'session_missing' });
    const cleared = refreshCookie(reused)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/auth');

    const newest = await post('/api/auth/refresh', undefined, third.value);
    expect(newest.statusCode).toBe(401);
    const refused = await me(first.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: AUTH_ERRORS.session_missing, code: 'session_missing' });
    expect(await expectFamilyRevoked(family)).toBe(3);
  });

  it('a cookie whose answer was lost works again for 10 s; the lost answer then revokes the family', async () => {
    // The landing page goes on to the app in a new document: a session check out at that moment
    // is spent on the server but its answer, the next cookie, never reaches the browser.
    const account = await createAccount(s.prisma, { email: newAddress() });
    const session = await signIn(account.email);
    const family = await familyOf(session.accessToken);
    const lost = await post('/api/auth/refresh', undefined, session.cookie);
    expect(lost.statusCode).toBe(200);

    const retried = await post('/api/auth/refresh', undefined, session.cookie);
    expect(retried.statusCode).toBe(200);
    const kept = await post('/api/auth/refresh', undefined, refreshCookie(retried)!.value);
    expect(kept.statusCode).toBe(200);
    expect((await me(kept.json().accessToken)).statusCode).toBe(200);

    // Had someone received the lost cookie after all, two parties hold the family.
    expect(
      (await post('/api/auth/refresh', undefined, refreshCookie(lost)!.value)).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/refresh', undefined, refreshCookie(kept)!.value)).statusCode,
    ).toBe(401);
    expect((await me(kept.json().accessToken)).statusCode).toBe(401);
    await expectFamilyRevoked(family);
  });

  it('a cookie spent over 10 s ago revokes the family, even if its answer was lost', async () => {
    const account = await createAccount(s.prisma, { email: newAddress() });
    const session = await signIn(account.email);
    const family = await familyOf(session.accessToken);
    const lost = await post('/api/auth/refresh', undefined, session.cookie);
    expect(lost.statusCode).toBe(200);
    await s.prisma.session.updateMany({
      where: { familyId: family, usedAt: { not: null } },
      data: { usedAt: new Date(Date.now() - 10_500) },
    });

    expect((await post('/api/auth/refresh', undefined, session.cookie)).statusCode).toBe(401);
    expect(
      (await post('/api/auth/refresh', undefined, refreshCookie(lost)!.value)).statusCode,
    ).toBe(401);
    expect((await me(lost.json().accessToken)).statusCode).toBe(401);
    await expectFamilyRevoked(family);
  });

  it('lets at most one line of two concurrent refreshes with the same cookie go on, then revokes the family', async () => {
    const account = await createAccount(s.prisma, { email: newAddress() });
    for (let round = 0; round < 5; round++) {
      const session = await signIn(account.email);
      const family = await familyOf(session.accessToken);
      const answers = await Promise.all([
        post('/api/auth/refresh', undefined, session.cookie),
        post('/api/auth/refresh', undefined, session.cookie),
      ]);
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.every((status) => status === 200 || status === 401)).toBe(true);
      expect(statuses).toContain(200);

      // Both cookies in use means two parties: at most one of them refreshes before the family
      // is revoked.
      const next = answers
        .filter((answer) => answer.statusCode === 200)
        .map((answer) => refreshCookie(answer)!.value);
      const refreshed = [];
      for (const cookie of [...next, ...next]) {
        refreshed.push((await post('/api/auth/refresh', undefined, cookie)).statusCode);
      }
      expect(refreshed.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      await expectFamilyRevoked(family);
      expect((await me(session.accessToken)).statusCode).toBe(401);
    }
  });

  it('answers 401 without a cookie or with an unknown one, clearing it', async () => {
    for (const cookie of [undefined, 'made-up-token']) {
      const response = await post('/api/auth/refresh', undefined, cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Your session has ended. Please sign in again.',
        code: 'session_missing',
      });
      expect(refreshCookie(response)?.value).toBe('');
    }
  });

  it('signs out one session family and leaves the others alone', async () => {
    const account = await createAccount(s.prisma, { email: newAddress() });
    const laptop = await signIn(account.email);
    const phone = await signIn(account.email);

    const out = await post('/api/auth/sign-out', undefined, laptop.cookie);
    expect(out.statusCode).toBe(204);
    expect(refreshCookie(out)).toMatchObject({ value: '', path: '/api/auth' });
    expect((await post('/api/auth/refresh', undefined, laptop.cookie)).statusCode).toBe(401);
    expect((await me(laptop.accessToken)).statusCode).toBe(401);

    expect((await me(phone.accessToken)).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', undefined, phone.cookie)).statusCode).toBe(200);
    expect((await post('/api/auth/sign-out')).statusCode).toBe(204);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a malformed token', 'Bearer not-a-jwt'],
    ['another scheme', 'Basic abc'],
  ])('refuses /me with %s', async (_case, authorization) => {
    const response = await s.app.inject({
      url: '/api/auth/me',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: AUTH_ERRORS.session_missing,
      code: 'session_missing',
    });
  });
});

describe('password reset', () => {
  it('answers the same for a registered and an unknown e-mail, and mails only the first', async () => {
    const account = await createAccount(s.prisma, { email: newAddress() });
    const unknown = newAddress();
    const known = await post('/api/auth/forgot-password', { email: account.email });
    const other = await post('/api/auth/forgot-password', { email: unknown });
    expect(known.statusCode).toBe(202);
    expect(other.statusCode).toBe(known.statusCode);
    expect(other.body).toBe(known.body);
    expect(known.json()).toEqual({ ok: true });

    const mail = await nextMail(account.email);
    expect(mail.subject).toBe('Reset your Rafter password');
    const token = resetToken(mail);
    expect(mail.text).toContain(`${STACK_PUBLIC_URL}/reset-password#token=${token}`);
    expect(mail.html).toContain(`href="${STACK_PUBLIC_URL}/reset-password#token=${token}"`);
    await outboxDrained();
    expect(s.sink.to(account.email)).toHaveLength(1);
    expect(s.sink.to(unknown)).toHaveLength(0);
    expect(s.sink.messages.filter((m) => m.to.includes(unknown))).toHaveLength(0);
  });

  it('sets the new password once, ends every session, and refuses the link after', async () => {
    const account = await createAccount(s.prisma, { email: newAddress() });
    const before = await signIn(account.email);
    const other = await signIn(account.email);

    await post('/api/auth/forgot-password', { email: account.email });
    const token = resetToken(await nextMail(account.email));
    const reset = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ email: account.email });

    expect((await signIn(account.email)).response.statusCode).toBe(401);
    expect((await signIn(account.email, NEW_PASSWORD)).response.statusCode).toBe(200);
    for (const session of [before, other]) {
      expect((await post('/api/auth/refresh', undefined, session.cookie)).statusCode).toBe(401);
      expect((await me(session.accessToken)).statusCode).toBe(401);
    }

    const again = await post('/api/auth/reset-password', { token, password: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'This link is invalid or has expired. Please request a new one.',
      code: 'invalid_link',
    });
    expect((await signIn(account.email, NEW_PASSWORD)).response.statusCode).toBe(200);
  });

  it('refuses a common new password and keeps the link usable for a better one', async () => {
    const account = await createAccount(s.prisma, { email: newAddress() });
    await post('/api/auth/forgot-password', { email: account.email });
    const token = resetToken(await nextMail(account.email));

    const common = await post('/api/auth/reset-password', { token, password: 'Password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      error: 'This password is too common. Choose another.',
      code: 'password_too_common',
    });
    expect((await signIn(account.email)).response.statusCode).toBe(200);

    const reset = await post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
  });

  it('refuses an expired link and one replaced by a newer request', async () => {
    const account = await createAccount(s.prisma, { email: newAddress() });
    await post('/api/auth/forgot-password', { email: account.email });
    const older = resetToken(await nextMail(account.email));
    await post('/api/auth/forgot-password', { email: account.email });
    const newer = resetToken(await nextMail(account.email, 1));

    const replaced = await post('/api/auth/reset-password', {
      token: older,
      password: NEW_PASSWORD,
    });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().code).toBe('invalid_link');

    await s.prisma.emailToken.updateMany({
      where: { userId: account.id, usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await post('/api/auth/reset-password', {
      token: newer,
      password: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('invalid_link');
    expect((await signIn(account.email)).response.statusCode).toBe(200);
  });

  it('confirms an unconfirmed e-mail, since the link proves it', async () => {
    const account = await createAccount(s.prisma, { email: newAddress(), confirmed: false });
    await post('/api/auth/forgot-password', { email: account.email });
    const token = resetToken(await nextMail(account.email));
    expect(
      (await post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    const { response } = await signIn(account.email, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.emailConfirmed).toBe(true);
  });
});

describe('options and documentation', () => {
  it('offers no Google and no demo account unless configured', async () => {
    const response = await s.app.inject({ url: '/api/auth/options' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google: { enabled: false, demo: false }, demoAccount: null });
  });

  it('offers Google and the demo account when configured', async () => {
    const t = await createTestApp({
      DEMO_MODE: 'true',
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'client-secret',
      GOOGLE_OAUTH_DEMO: 'true',
    });
    try {
      const response = await t.app.inject({ url: '/api/auth/options' });
      expect(response.json()).toEqual({
        google: { enabled: true, demo: true },
        demoAccount: { email: 'demo@rafter.app', password: 'rafter-demo' },
      });
    } finally {
      await t.close();
    }
  });

  it('documents every auth endpoint, with bearer auth on /me', async () => {
    const { paths } = (await s.app.inject({ url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/auth/options', 'get'],
      ['/api/auth/sign-up', 'post'],
      ['/api/auth/resend-confirmation', 'post'],
      ['/api/auth/confirm-email', 'get'],
      ['/api/auth/sign-in', 'post'],
      ['/api/auth/refresh', 'post'],
      ['/api/auth/sign-out', 'post'],
      ['/api/auth/forgot-password', 'post'],
      ['/api/auth/reset-password', 'post'],
      ['/api/auth/me', 'get'],
    ] as const) {
      expect(paths[path]?.[method]?.tags).toEqual(['auth']);
    }
    expect(paths['/api/auth/me'].get.security).toEqual([{ bearer: [] }]);
    expect(paths['/api/auth/sign-in'].post.requestBody).toBeDefined();
  });
});

describe('demo contractor', () => {
  it('is seeded confirmed with the demo password, which a later seed adds if missing', async () => {
    await seedDemoData(s.prisma);
    const first = await signIn(DEMO_EMAIL, DEMO_PASSWORD);
    expect(first.response.statusCode).toBe(200);
    expect(first.user).toMatchObject({ email: DEMO_EMAIL, emailConfirmed: true });

    await s.prisma.user.update({
      where: { email: DEMO_EMAIL },
      data: { passwordHash: null, emailVerifiedAt: null },
    });
    expect(await seedDemoData(s.prisma)).toMatchObject({ created: false });
    expect((await signIn(DEMO_EMAIL, DEMO_PASSWORD)).response.statusCode).toBe(200);
  });
});

describe('in production', () => {
  it('marks the refresh cookie Secure', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
    });
    try {
      const account = await createAccount(t.app.get(PrismaService), {
        email: newAddress(),
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: account.email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      secrets.add(response.json().accessToken);
      expect(refreshCookie(response)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/auth',
      });
    } finally {
      await t.close();
    }
  });
});

describe('logs', () => {
  it('hold user ids but no password, token, cookie or e-mail address', async () => {
    await outboxDrained();
    const text = logs.text();
    expect(text).toMatch(/"msg":"Signed in"/);
    expect(text).toMatch(/"msg":"Password reset e-mail sent"/);
    expect(text).toMatch(/"path":"\/api\/auth\/confirm-email"/);
    expect(secrets.size).toBeGreaterThan(20);
    for (const secret of secrets) expect(text).not.toContain(secret);
    for (const address of addresses) {
      expect(text.toLowerCase()).not.toContain(address.toLowerCase());
    }
    expect(text).not.toContain('token=');
    expect(text).not.toContain(REFRESH_COOKIE_NAME);
  });
});
