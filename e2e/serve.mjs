// Starts the built product for the browser tests the way `npm start` does on a fresh machine:
// an embedded PostgreSQL with a fresh data directory (so every run starts from the seeded demo
// state), the machine's Redis under a queue prefix of the run's own, on its own port. Voice calls
// go to the local fake Retell through the real retell-sdk, so POST /api/demo-call answers a token
// (the browser tests then join with a scripted client instead of Retell's LiveKit room).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeRetell } from '../backend/dist/dev/retell/fake-retell.server.js';
import { startMailSink } from './mail-sink.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, '.data', `e2e-${process.env.E2E_PORT ?? '3100'}`);
rmSync(dataDir, { recursive: true, force: true });

const mailSink = await startMailSink({ httpPort: Number(process.env.E2E_MAIL_PORT ?? 3199) });
const fakeRetell = await startFakeRetell();

const env = { ...process.env };
delete env.DATABASE_URL;
Object.assign(env, {
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT ?? '3100',
  PUBLIC_URL: `http://localhost:${process.env.E2E_PORT ?? '3100'}`,
  DATA_DIR: dataDir,
  EMBEDDED_POSTGRES_PORT: process.env.E2E_POSTGRES_PORT ?? '54339',
  QUEUE_PREFIX: `e2e-${Date.now()}`,
  SEED_DEMO_DATA: 'true',
  LOG_LEVEL: 'warn',
  SMTP_URL: mailSink.smtpUrl,
  RETELL_API_KEY: fakeRetell.apiKey,
  RETELL_AGENT_ID: fakeRetell.agentId,
  RETELL_API_URL: fakeRetell.apiUrl,
  // Every browser test comes from 127.0.0.1: per-IP limits would run out mid-run.
  RATE_LIMIT_DEMO_CALL_PER_IP: '1000',
  RATE_LIMIT_LOOKUP_PER_IP: '10000',
  // More than ten specs send quote requests, all from 127.0.0.1, within ten minutes: at the
  // default (10 per visitor per 10 minutes) the last ones are answered 429. The limit itself is
  // covered by backend/test/estimator-rate-limit.e2e-spec.ts.
  RATE_LIMIT_CAPTURE_PER_IP: '1000',
  // Each spec signs up and signs in contractors of its own: the suite sends far more than 30
  // auth requests in 15 minutes. The limit itself is covered by backend/test.
  RATE_LIMIT_AUTH_PER_IP: '10000',
  // Many specs send quote requests to the seeded contractor within a minute: past the default
  // burst threshold every one would have to solve a proof-of-work challenge first.
  FORM_BURST_PER_MINUTE: '50',
  // The fake Google Calendar npm start runs, on a port the browser tests know (its page adds
  // busy times and lists the inspections written there).
  GOOGLE_CALENDAR_FAKE_PORT: process.env.E2E_GCAL_PORT ?? '3198',
  // The webhook spec's receiver listens on this machine (refused in production).
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  // A follow-up "day" lasts 3 s, so a sequence runs within one test (follow-up-sequence.spec.ts):
  // day 2 comes 6 s after the quote request, day 7 21 s after, leaving the contractor time to
  // change the lead's status in between on a busy machine. Every Smart and Instant contractor's
  // homeowners (the seeded demo contractor's too) therefore get the default sequence's e-mails
  // seconds after their estimate e-mail, which stays their first (followups.spec.ts reads it).
  FOLLOW_UP_DAY_MS: '3000',
  // Every spec's widget visits report their funnel from this one address.
  RATE_LIMIT_ANALYTICS_PER_IP: '100000',
  // The worker rolls the calculator's funnel up every second, so analytics.spec.ts sees the
  // visits it made within its own wait.
  ANALYTICS_ROLLUP_INTERVAL_MS: '1000',
});

const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'launch.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  void Promise.allSettled([mailSink.close(), fakeRetell.stop()]).finally(() =>
    process.exit(code ?? 0),
  );
});
