import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { loadConfigOrExit } from './config/config';
import { DEMO_EMAIL, DEMO_PASSWORD, demoSeedRefusal, seedDemoData } from './demo-seed';
import {
  EmbeddedPostgresError,
  ensureDatabase,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './core/database/embedded-postgres';
import { applyMigrations, REPO_ROOT } from './core/database/migrator';
import { createPrismaClient } from './core/database/prisma-client';
import { NODE_FLAGS } from './node-flags';
import {
  redisAnswers,
  redisServerOnPath,
  startLocalRedis,
  type LocalRedis,
} from './core/redis/local-redis';
// Types only: the local fakes are loaded with import() below, outside production only.
import type { FakeGoogleCalendar } from './dev/google/fake-google-calendar.server';
import type { FakeGoogleServer } from './dev/google/fake-google.server';
import type { FakeStripe } from './dev/stripe/fake-stripe.server';
import type { FakeTwilio } from './dev/twilio/fake-twilio.server';

/**
 * `npm start` (and `npm run dev` with --dev): brings the whole product up on one machine with no
 * accounts and no keys. Starts an embedded PostgreSQL when DATABASE_URL is unset and a
 * redis-server when nothing answers at REDIS_URL, a fake Google OAuth server when no Google
 * client is configured and a fake Stripe when no Stripe key is (both outside production, and
 * loaded from backend/src/dev only then, so a production start never loads them), applies
 * migrations, seeds the demo contractor once, then runs the api and the worker (and in
 * dev: the TypeScript watcher and Vite).
 */
const dev = process.argv.includes('--dev');
const say = (line: string) => process.stdout.write(`[rafter] ${line}\n`);
const fail = (line: string): never => {
  process.stderr.write(`[rafter] ${line}\n`);
  process.exit(1);
};

const children: ChildProcess[] = [];
let embeddedPostgres: EmbeddedPostgres | undefined;
let localRedis: LocalRedis | undefined;
let fakeGoogle: (FakeGoogleServer & { signsInAs: string }) | undefined;
let fakeStripe: (FakeStripe & { testCard: string }) | undefined;
let fakeTwilio: FakeTwilio | undefined;
let fakeCalendar: FakeGoogleCalendar | undefined;
let stopping = false;

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    say(`${name} stopped (${signal ?? `exit code ${code}`}); shutting down`);
    void shutdown(code || 1);
  });
  return child;
}

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  const exits = children
    .filter((child) => child.exitCode === null && child.signalCode === null)
    .map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children) child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(resolve, 30_000).unref());
  await Promise.race([Promise.all(exits), timeout]);
  await fakeGoogle?.stop().catch(() => {});
  await fakeStripe?.stop().catch(() => {});
  await fakeTwilio?.stop().catch(() => {});
  await fakeCalendar?.stop().catch(() => {});
  await localRedis?.stop().catch(() => {});
  await embeddedPostgres?.stop().catch(() => {});
  process.exit(code);
}

async function waitForHealth(url: string): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
  };
  const dataDir = resolve(REPO_ROOT, env.DATA_DIR ?? '.data');
  const seedDemo = (env.SEED_DEMO_DATA ?? String(env.NODE_ENV !== 'production')) === 'true';
  const refusal = seedDemo ? demoSeedRefusal(env.NODE_ENV, 'SEED_DEMO_DATA=true') : null;
  if (refusal) fail(refusal);

  if (!env.DATABASE_URL) {
    const port = Number(env.EMBEDDED_POSTGRES_PORT ?? 54329);
    say(
      `DATABASE_URL is not set: starting an embedded PostgreSQL on port ${port} (data in ${join(dataDir, 'postgres')})`,
    );
    try {
      embeddedPostgres = await startEmbeddedPostgres({
        dataDir: join(dataDir, 'postgres'),
        port,
        log: say,
      });
    } catch (error) {
      fail(
        error instanceof EmbeddedPostgresError
          ? `Could not start the embedded PostgreSQL on port ${port}: ${error.message}.`
          : `Could not start the embedded PostgreSQL on port ${port}: ${String(error)}. Set DATABASE_URL to use another PostgreSQL.`,
      );
    }
    await ensureDatabase(embeddedPostgres!.url('postgres'), 'rafter');
    env.DATABASE_URL = embeddedPostgres!.url('rafter');
  }

  const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!(await redisAnswers(redisUrl))) {
    if (env.REDIS_URL || !redisServerOnPath()) {
      fail(
        `No Redis answers at ${redisUrl}. Start Redis there, set REDIS_URL, or install redis-server (apt-get install redis-server) so npm start can run one.`,
      );
    }
    say(`No Redis at ${redisUrl}: starting redis-server (data in ${join(dataDir, 'redis')})`);
    localRedis = await startLocalRedis({
      port: Number(new URL(redisUrl).port || 6379),
      dataDir: join(dataDir, 'redis'),
    });
  }
  env.REDIS_URL = localRedis?.url ?? redisUrl;

  const config = loadConfigOrExit(env);
  // The worker signs links the api checks (unsubscribe): without a configured secret, both
  // processes of this start share one random key instead of each making its own.
  if (!env.AUTH_SECRET && !config.isProduction) {
    env.AUTH_SECRET = randomBytes(32).toString('base64url');
  }

  if (!env.GOOGLE_CLIENT_ID && !config.isProduction) {
    const port = Number(env.GOOGLE_FAKE_PORT ?? 0);
    try {
      const { DEMO_GOOGLE_PROFILE, startFakeGoogleServer } =
        await import('./dev/google/fake-google.server.js');
      fakeGoogle = {
        ...(await startFakeGoogleServer({ port })),
        signsInAs: `${DEMO_GOOGLE_PROFILE.name}, ${DEMO_GOOGLE_PROFILE.email}`,
      };
    } catch (error) {
      fail(
        `Could not start the fake Google sign-in server on port ${port}: ${String(error)}. Set GOOGLE_FAKE_PORT, or GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.`,
      );
    }
    Object.assign(env, {
      GOOGLE_CLIENT_ID: fakeGoogle!.clientId,
      GOOGLE_CLIENT_SECRET: fakeGoogle!.clientSecret,
      GOOGLE_AUTHORIZATION_URL: fakeGoogle!.authorizationUrl,
      GOOGLE_TOKEN_URL: fakeGoogle!.tokenUrl,
      GOOGLE_USERINFO_URL: fakeGoogle!.userinfoUrl,
      GOOGLE_OAUTH_DEMO: 'true',
    });
  }

  if (!env.STRIPE_SECRET_KEY && !config.isProduction) {
    const port = Number(env.STRIPE_FAKE_PORT ?? 0);
    try {
      const { startFakeStripe, TEST_CARD_NUMBER } =
        await import('./dev/stripe/fake-stripe.server.js');
      fakeStripe = {
        ...(await startFakeStripe({
          port,
          webhookUrl: `http://127.0.0.1:${config.PORT}/api/billing/webhook`,
          stateFile: join(dataDir, 'fake-stripe.json'),
        })),
        testCard: TEST_CARD_NUMBER,
      };
    } catch (error) {
      fail(
        `Could not start the fake Stripe on port ${port}: ${String(error)}. Set STRIPE_FAKE_PORT, or STRIPE_SECRET_KEY with its webhook secret and price ids.`,
      );
    }
    Object.assign(env, {
      STRIPE_SECRET_KEY: fakeStripe!.secretKey,
      STRIPE_WEBHOOK_SECRET: fakeStripe!.webhookSecret,
      STRIPE_API_URL: fakeStripe!.apiUrl,
      STRIPE_PRICE_STARTER: fakeStripe!.priceIds.starter,
      STRIPE_PRICE_SMART: fakeStripe!.priceIds.smart,
      STRIPE_PRICE_INSTANT: fakeStripe!.priceIds.instant,
    });
  }

  if (!env.TWILIO_ACCOUNT_SID && !config.isProduction) {
    const port = Number(env.TWILIO_FAKE_PORT ?? 0);
    try {
      const { startFakeTwilio } = await import('./dev/twilio/fake-twilio.server.js');
      fakeTwilio = await startFakeTwilio({
        port,
        webhookUrl: `http://127.0.0.1:${config.PORT}/api/texts/inbound`,
        signedUrl: `${config.PUBLIC_URL}/api/texts/inbound`,
      });
    } catch (error) {
      fail(
        `Could not start the fake Twilio on port ${port}: ${String(error)}. Set TWILIO_FAKE_PORT, or TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER.`,
      );
    }
    Object.assign(env, {
      TWILIO_ACCOUNT_SID: fakeTwilio!.accountSid,
      TWILIO_AUTH_TOKEN: fakeTwilio!.authToken,
      TWILIO_FROM_NUMBER: fakeTwilio!.fromNumber,
      TWILIO_API_URL: fakeTwilio!.apiUrl,
    });
  }

  if (!env.GOOGLE_CALENDAR_CLIENT_ID && !config.isProduction) {
    const port = Number(env.GOOGLE_CALENDAR_FAKE_PORT ?? 0);
    try {
      const { startFakeGoogleCalendar } =
        await import('./dev/google/fake-google-calendar.server.js');
      fakeCalendar = await startFakeGoogleCalendar({ port });
    } catch (error) {
      fail(
        `Could not start the fake Google Calendar on port ${port}: ${String(error)}. Set GOOGLE_CALENDAR_FAKE_PORT, or GOOGLE_CALENDAR_CLIENT_ID and GOOGLE_CALENDAR_CLIENT_SECRET.`,
      );
    }
    Object.assign(env, {
      GOOGLE_CALENDAR_CLIENT_ID: fakeCalendar!.clientId,
      GOOGLE_CALENDAR_CLIENT_SECRET: fakeCalendar!.clientSecret,
      GOOGLE_CALENDAR_API_URL: fakeCalendar!.url,
    });
  }

  await applyMigrations(config.DATABASE_URL, { log: say });
  let demoSlug: string | undefined;
  if (seedDemo) {
    const prisma = createPrismaClient(config.DATABASE_URL);
    try {
      const { created, slug } = await seedDemoData(prisma);
      if (created) say('Seeded the demo contractor and its leads');
      demoSlug = slug;
      // The sign-in dialog offers the seeded contractor's login.
      env.DEMO_MODE ??= 'true';
    } finally {
      await prisma.$disconnect();
    }
  }

  const node = process.execPath;
  if (dev) {
    run(
      'TypeScript watcher',
      node,
      [require.resolve('typescript/bin/tsc'), '-b', 'backend', '--watch', '--preserveWatchOutput'],
      env,
    );
    run(
      'api',
      node,
      [
        ...NODE_FLAGS,
        '--watch-path=backend/dist',
        '--watch-path=domain/dist',
        'backend/dist/main.js',
      ],
      env,
    );
    run(
      'worker',
      node,
      [
        ...NODE_FLAGS,
        '--watch-path=backend/dist',
        '--watch-path=domain/dist',
        'backend/dist/worker.js',
      ],
      env,
    );
    run(
      'vite',
      node,
      [join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js'), 'frontend'],
      env,
    );
  } else {
    run('api', node, [...NODE_FLAGS, 'backend/dist/main.js'], env);
    run('worker', node, [...NODE_FLAGS, 'backend/dist/worker.js'], env);
  }

  if (await waitForHealth(`http://127.0.0.1:${config.PORT}/api/health`)) {
    const site = dev ? 'http://localhost:5173' : config.PUBLIC_URL;
    say(`Rafter is running: ${site}`);
    say(`API docs:          ${config.PUBLIC_URL}/api/docs`);
    say(`Estimator widget:  ${site}/widget`);
    if (demoSlug) {
      say(`Demo share page:   ${site}/calc/${demoSlug}`);
      say(`Demo contractor:   ${DEMO_NOTE}`);
    }
    if (!config.SMTP_URL) {
      const who = config.DEV_MAILBOX_ALLOW_REMOTE ? 'open to every client' : 'this machine only';
      say(`E-mails (dev):     ${config.PUBLIC_URL}/api/dev/mailbox (${who})`);
    }
    if (fakeGoogle) {
      say(
        `Google sign-in:    fake server at ${fakeGoogle.issuerUrl} (signs in as ${fakeGoogle.signsInAs})`,
      );
    }
    if (fakeStripe) {
      say(
        `Payments (test):   fake Stripe at ${fakeStripe.apiUrl} (card ${fakeStripe.testCard}, promo code QUOTE20)`,
      );
    }
    if (fakeCalendar) {
      say(
        `Google Calendar:   fake at ${fakeCalendar.url} (inspections written there; add busy times on its page)`,
      );
    }
    if (fakeTwilio) {
      say(
        `Texts (dev):       ${config.PUBLIC_URL}/api/dev/texts (fake Twilio at ${fakeTwilio.apiUrl}: sent texts, simulated replies)`,
      );
    }
    say(
      config.voiceProvider === 'retell'
        ? 'Voice assistant:   Retell web calls'
        : 'Voice assistant:   built-in (set RETELL_API_KEY and RETELL_AGENT_ID for Retell calls)',
    );
    if (config.OPERATOR_PASSWORD) say(`Queue dashboard:   ${config.PUBLIC_URL}/admin/queues`);
  } else if (!stopping) {
    say(`The api did not report healthy at ${config.PUBLIC_URL}/api/health within 60 s`);
  }
}

const DEMO_NOTE = `Lone Star Roofing Co.: sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}`;

main().catch((error: unknown) => {
  process.stderr.write(`[rafter] ${error instanceof Error ? error.message : String(error)}\n`);
  void shutdown(1);
});
