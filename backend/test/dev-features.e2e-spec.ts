import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { DEMO_EMAIL } from '../src/demo-seed';
import { DevMailbox } from '../src/core/mailer/dev-mailbox';
import { createAccount } from './factories/account.factory';
import { eventually } from './utils/async';
import { captureStdout } from './utils/capture-logs';
import { createTestApp, type TestApp } from './utils/create-app';
import { createTestDatabase, type TestDatabase } from './utils/database';
import { startTestStack, type TestStack } from './utils/stack';
import { buildBackend } from './utils/build-backend';

/**
 * Development features on a server that other machines reach (`npm start` on a VM listens on
 * 0.0.0.0 in development by default): the dev mailbox, demo data and the start-up warning.
 */

const REPO_ROOT = resolve(__dirname, '../..');
const STRANGER = '203.0.113.9';
const REFUSED = {
  error:
    'The dev mailbox answers only requests from the machine the server runs on (127.0.0.1 or ' +
    '::1): it holds password-reset and sign-in links. Open it there, or set ' +
    'DEV_MAILBOX_ALLOW_REMOTE=true on a private test server.',
};

// First in the file: the api's logger is made once per process, by the first app, and log lines
// can be captured only if that app started while stdout was being captured.
describe('the start-up warning', () => {
  /** What the api logs while it starts with `env`. */
  async function startUpLog(env: Record<string, string>): Promise<string> {
    const logs = captureStdout();
    let s: TestStack | undefined;
    try {
      s = await startTestStack({ LOG_LEVEL: 'warn', ...env }, { logger: true });
      return logs.text();
    } finally {
      logs.stop();
      await s?.close();
    }
  }

  it('names the development features a server reachable from other machines runs', async () => {
    const text = await startUpLog({
      HOST: '0.0.0.0',
      SMTP_URL: '',
      DEMO_MODE: 'true',
      GOOGLE_OAUTH_DEMO: 'true',
      // What `npm start` sets when it runs the fake Twilio.
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'fake-token',
      TWILIO_FROM_NUMBER: '+15125550100',
      TWILIO_API_URL: 'http://127.0.0.1:9',
    });
    expect(text).toContain(
      'HOST=0.0.0.0 accepts connections from other machines, but development features are on: ' +
        'the dev mailbox at /api/dev/mailbox (it answers this machine only); the fake Twilio, ' +
        'its sent texts at /api/dev/texts; the demo login ' +
        'shown in the sign-in dialog; a fake Google sign-in. For a public server set ' +
        'NODE_ENV=production (with SMTP_URL and AUTH_SECRET); to keep this one to this ' +
        'machine, set HOST=127.0.0.1.',
    );
    expect(text).toMatch(/"level":40[^\n]*accepts connections from other machines/);
  });

  it.each([
    ['on this machine only', { HOST: '127.0.0.1', SMTP_URL: '', DEMO_MODE: 'true' }],
    ['without development features', { HOST: '0.0.0.0' }],
  ])('stays quiet %s', async (_case, env) => {
    expect(await startUpLog(env)).not.toContain('development features are on');
  });
});

describe('the dev mailbox on a server other machines reach', () => {
  let s: TestStack;
  let dataDir: string;
  let victim: { id: string; email: string };
  let mailId: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rafter-mailbox-'));
    // No SMTP server: account e-mails land in the dev mailbox. Behind one trusted proxy.
    s = await startTestStack({ SMTP_URL: '', DATA_DIR: dataDir, TRUST_PROXY: 'true' });
    victim = await createAccount(s.prisma);
    // The attack: a stranger asks for the victim's password reset…
    const forgot = await s.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: victim.email },
      remoteAddress: STRANGER,
    });
    expect(forgot.statusCode).toBe(202);
    const mailbox = new DevMailbox(join(dataDir, 'mailbox'));
    const [mail] = await eventually(async () => {
      const mails = await mailbox.list();
      return mails.length > 0 ? mails : undefined;
    });
    expect(mail).toMatchObject({ to: victim.email });
    mailId = mail!.id;
  });

  afterAll(() => s?.close());

  const read = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    s.app.inject({ url, remoteAddress, headers });

  it('…and cannot read the reset link there from another machine', async () => {
    for (const url of ['/api/dev/mailbox', `/api/dev/mailbox/${mailId}`]) {
      const response = await read(url, STRANGER);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
      expect(response.json()).toEqual(REFUSED);
      expect(response.body).not.toContain('reset-password');
      expect(response.body).not.toContain(victim.email);
    }
  });

  it('believes no forwarded header that claims the request came from this machine', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': '::1' },
      { 'x-real-ip': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
    ]) {
      const response = await read('/api/dev/mailbox', STRANGER, headers);
      expect({ headers, status: response.statusCode }).toEqual({ headers, status: 403 });
    }
  });

  it('refuses visitors passed on by a proxy on this machine', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'x-forwarded-for': STRANGER },
      { 'x-forwarded-for': `127.0.0.1, ${STRANGER}` },
      { 'x-real-ip': STRANGER },
      { forwarded: `for="${STRANGER}:51000";proto=https` },
      { forwarded: 'for=_hidden' },
    ]) {
      const response = await read('/api/dev/mailbox', '127.0.0.1', headers);
      expect({ headers, status: response.statusCode }).toEqual({ headers, status: 403 });
    }
  });

  it('still shows the developer on this machine every e-mail', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const list = await read('/api/dev/mailbox', remoteAddress);
      expect({ remoteAddress, status: list.statusCode }).toEqual({ remoteAddress, status: 200 });
      expect(list.json()).toEqual([expect.objectContaining({ id: mailId, to: victim.email })]);
    }
    const page = await read(`/api/dev/mailbox/${mailId}`, '127.0.0.1', {
      'x-forwarded-for': '127.0.0.1',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/reset-password#token=');
  });

  it('answers other machines when DEV_MAILBOX_ALLOW_REMOTE opens it', async () => {
    const open: TestApp = await createTestApp({
      SMTP_URL: '',
      DATA_DIR: dataDir,
      DEV_MAILBOX_ALLOW_REMOTE: 'true',
    });
    try {
      const list = await open.app.inject({ url: '/api/dev/mailbox', remoteAddress: STRANGER });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([expect.objectContaining({ id: mailId })]);
    } finally {
      await open.close();
    }
  });
});

describe('demo data in production', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    // The compiled entry points, as deployments run them, must be the current source.
    buildBackend();
    db = await createTestDatabase();
  }, 320_000);

  afterAll(() => db?.drop());

  function run(script: string, args: string[], env: Record<string, string>) {
    return spawnSync(process.execPath, [join('backend', 'dist', script), ...args], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent', ...env },
    });
  }

  async function demoAccounts(): Promise<number> {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [
        DEMO_EMAIL,
      ]);
      return rows[0].n as number;
    } finally {
      await client.end();
    }
  }

  it('migrate.js --seed-demo refuses production with one line, and changes nothing', async () => {
    const result = run('migrate.js', ['--seed-demo'], { NODE_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      '--seed-demo is refused in production (NODE_ENV=production): the demo contractor signs in ' +
        'with the published password rafter-demo.',
    );
    expect(await demoAccounts()).toBe(0);
  });

  it('the launcher refuses SEED_DEMO_DATA=true in production with one line, before starting anything', async () => {
    const result = run('launch.js', [], {
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'true',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      // Should it ever get that far, the api cannot listen on an address this machine lacks.
      HOST: '203.0.113.1',
      PORT: '3115',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      '[rafter] SEED_DEMO_DATA=true is refused in production (NODE_ENV=production): the demo ' +
        'contractor signs in with the published password rafter-demo.',
    );
    expect(result.stdout).not.toContain('Rafter is running');
    expect(await demoAccounts()).toBe(0);
  });

  it('migrate.js --seed-demo still seeds outside production', async () => {
    const result = run('migrate.js', ['--seed-demo'], { NODE_ENV: 'development' });
    expect(result.status).toBe(0);
    expect(await demoAccounts()).toBe(1);
  });
});
