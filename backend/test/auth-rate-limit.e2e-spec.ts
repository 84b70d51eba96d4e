import { AUTH_ERRORS } from '@rafter/domain/auth';
import { PrismaService } from '../src/core/database/prisma.service';
import { createAccount } from './factories/account.factory';
import { createTestApp, type TestApp } from './utils/create-app';

const RATE_LIMITED = { error: AUTH_ERRORS.rate_limited, code: 'rate_limited' };
const PASSWORD = 'correct-horse-9';

function request(t: TestApp, url: string, payload: object, ip = '203.0.113.1') {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
}

describe('auth rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '3', RATE_LIMIT_AUTH_PER_EMAIL: '2' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('limits sign-up, sign-in, forgot-password and resend together per IP, with Retry-After', async () => {
    const ip = '203.0.113.10';
    const allowed = [
      await request(t, '/api/auth/sign-in', { email: 'a@roofers.test', password: 'x' }, ip),
      await request(t, '/api/auth/forgot-password', { email: 'b@roofers.test' }, ip),
      await request(t, '/api/auth/resend-confirmation', { email: 'c@roofers.test' }, ip),
    ];
    expect(allowed.map((response) => response.statusCode)).toEqual([401, 202, 202]);

    const limited = await request(
      t,
      '/api/auth/sign-up',
      { fullName: 'Pat', email: 'd@roofers.test', password: PASSWORD },
      ip,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(RATE_LIMITED);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const signIn = await request(
      t,
      '/api/auth/sign-in',
      { email: 'a@roofers.test', password: 'x' },
      ip,
    );
    expect(signIn.statusCode).toBe(429);
    expect(signIn.json()).toEqual(RATE_LIMITED);

    const elsewhere = await request(
      t,
      '/api/auth/sign-in',
      { email: 'a@roofers.test', password: 'x' },
      '203.0.113.11',
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits requests for one e-mail address from any IP, in any letter case', async () => {
    const email = 'target@roofers.test';
    expect(
      (await request(t, '/api/auth/forgot-password', { email }, '198.51.100.1')).statusCode,
    ).toBe(202);
    expect(
      (
        await request(
          t,
          '/api/auth/resend-confirmation',
          { email: email.toUpperCase() },
          '198.51.100.2',
        )
      ).statusCode,
    ).toBe(202);
    const limited = await request(t, '/api/auth/forgot-password', { email }, '198.51.100.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(RATE_LIMITED);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const signUp = await request(
      t,
      '/api/auth/sign-up',
      { fullName: 'Pat', email, password: PASSWORD },
      '198.51.100.4',
    );
    expect(signUp.statusCode).toBe(429);
    const other = await request(
      t,
      '/api/auth/forgot-password',
      { email: 'other@roofers.test' },
      '198.51.100.5',
    );
    expect(other.statusCode).toBe(202);
  });
});

describe('failed sign-ins on one account', () => {
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_IP: '0', RATE_LIMIT_AUTH_PER_EMAIL: '0' });
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
  });

  // The waits are whole seconds after the last failure, so each test reads the clock the api
  // reads, stopped: a request that came more than a second after the one before it (a busy
  // machine, another test file copying its database) would find its wait over. Timers still run.
  beforeEach(() => {
    jest.useFakeTimers({
      now: Date.now(),
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  const CLIENT = '203.0.113.1';
  const signIn = (email: string, password: string, ip = CLIENT) =>
    request(t, '/api/auth/sign-in', { email, password }, ip);
  const failures = (userId: string, client = CLIENT) =>
    prisma.signInFailure.findUnique({ where: { userId_client: { userId, client } } });
  const setFailures = (userId: string, failedCount: number, msAgo: number, client = CLIENT) =>
    prisma.signInFailure.upsert({
      where: { userId_client: { userId, client } },
      create: { userId, client, failedCount, lastFailedAt: new Date(Date.now() - msAgo) },
      update: { failedCount, lastFailedAt: new Date(Date.now() - msAgo) },
    });

  it('waits longer after each failure past the fifth, even for the right password, and never locks for good', async () => {
    const account = await createAccount(prisma);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(account.email, 'wrong-password')).statusCode).toBe(401);
    }
    const early = await signIn(account.email, PASSWORD);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual(RATE_LIMITED);
    expect(early.headers['retry-after']).toBe('1');

    await setFailures(account.id, 5, 1500);
    expect((await signIn(account.email, 'wrong-password')).statusCode).toBe(401);
    const sixth = await signIn(account.email, PASSWORD);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBe('2');

    await setFailures(account.id, 40, 0);
    const capped = await signIn(account.email, PASSWORD);
    expect(capped.statusCode).toBe(429);
    expect(capped.headers['retry-after']).toBe('900');

    await setFailures(account.id, 40, 15 * 60_000 + 1000);
    const allowed = await signIn(account.email, PASSWORD);
    expect(allowed.statusCode).toBe(200);
    expect(await failures(account.id)).toBeNull();
    expect((await signIn(account.email, 'wrong-password')).statusCode).toBe(401);
    expect((await signIn(account.email, PASSWORD)).statusCode).toBe(200);
  });

  it("never keeps the owner out with a stranger's wrong passwords from another address", async () => {
    const account = await createAccount(prisma);
    const stranger = '198.51.100.66';
    for (let attempt = 1; attempt <= 8; attempt++) {
      await signIn(account.email, 'guess-number-' + attempt, stranger);
    }
    const slowed = await signIn(account.email, 'one-more-guess', stranger);
    expect(slowed.statusCode).toBe(429);

    // The owner, from their own address: a typo counts for them alone, the password works.
    const owner = '192.0.2.10';
    expect((await signIn(account.email, 'typo-in-password', owner)).statusCode).toBe(401);
    const signedIn = await signIn(account.email, PASSWORD, owner);
    expect(signedIn.statusCode).toBe(200);

    // …and the stranger is still slowed down after the owner signed in.
    expect((await signIn(account.email, PASSWORD, stranger)).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64, so new addresses in it start no fresh count', async () => {
    const account = await createAccount(prisma);
    for (let host = 1; host <= 5; host++) {
      expect(
        (await signIn(account.email, 'wrong-password', `2001:db8:5:6::${host}`)).statusCode,
      ).toBe(401);
    }
    expect((await signIn(account.email, PASSWORD, '2001:db8:5:6:ffff::99')).statusCode).toBe(429);
    expect((await signIn(account.email, PASSWORD, '2001:db8:5:7::1')).statusCode).toBe(200);
  });

  it('lets only one of several parallel attempts through once the wait is over', async () => {
    const account = await createAccount(prisma);
    await setFailures(account.id, 6, 3000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => signIn(account.email, 'wrong-password')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([401, 429, 429, 429, 429]);
    expect((await failures(account.id))?.failedCount).toBe(7);
  });

  it('answers an unknown e-mail 401 however often it is tried', async () => {
    for (let attempt = 1; attempt <= 7; attempt++) {
      expect((await signIn('nobody@roofers.test', 'wrong-password')).statusCode).toBe(401);
    }
  });
});
