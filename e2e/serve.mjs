// Starts the built product for the browser tests the way `npm start` does on a fresh machine:
// an embedded PostgreSQL with a fresh data directory (so every run starts from the seeded demo
// state), the machine's Redis under a queue prefix of the run's own, on its own port.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailSink } from './mail-sink.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, '.data', `e2e-${process.env.E2E_PORT ?? '3100'}`);
rmSync(dataDir, { recursive: true, force: true });

const mailSink = await startMailSink({ httpPort: Number(process.env.E2E_MAIL_PORT ?? 3199) });

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
});

const child = spawn(process.execPath, [join(root, 'backend', 'dist', 'launch.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  void mailSink.close().finally(() => process.exit(code ?? 0));
});
