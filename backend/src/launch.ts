import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { loadConfigOrExit } from './config/config';
import { seedDemoData } from './core/database/demo-seed';
import {
  ensureDatabase,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './core/database/embedded-postgres';
import { applyMigrations, REPO_ROOT } from './core/database/migrator';
import { createPrismaClient } from './core/database/prisma-client';
import {
  redisAnswers,
  redisServerOnPath,
  startLocalRedis,
  type LocalRedis,
} from './core/redis/local-redis';

/**
 * `npm start` (and `npm run dev` with --dev): brings the whole product up on one machine with no
 * accounts and no keys. Starts an embedded PostgreSQL when DATABASE_URL is unset and a
 * redis-server when nothing answers at REDIS_URL, applies migrations, seeds the demo contractor
 * once, then runs the api and the worker (and in dev: the TypeScript watcher and Vite).
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
        `Could not start the embedded PostgreSQL on port ${port}: ${String(error)}. Set DATABASE_URL or EMBEDDED_POSTGRES_PORT.`,
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

  await applyMigrations(config.DATABASE_URL, { log: say });
  let demoSlug: string | undefined;
  if ((env.SEED_DEMO_DATA ?? String(!config.isProduction)) === 'true') {
    const prisma = createPrismaClient(config.DATABASE_URL);
    try {
      const { created, slug } = await seedDemoData(prisma);
      if (created) say('Seeded the demo contractor and its leads');
      demoSlug = slug;
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
      ['--watch-path=backend/dist', '--watch-path=domain/dist', 'backend/dist/main.js'],
      env,
    );
    run(
      'worker',
      node,
      ['--watch-path=backend/dist', '--watch-path=domain/dist', 'backend/dist/worker.js'],
      env,
    );
    run(
      'vite',
      node,
      [join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js'), 'frontend'],
      env,
    );
  } else {
    run('api', node, ['backend/dist/main.js'], env);
    run('worker', node, ['backend/dist/worker.js'], env);
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
    if (!config.SMTP_URL) say(`E-mails (dev):     ${config.PUBLIC_URL}/api/dev/mailbox`);
  } else if (!stopping) {
    say(`The api did not report healthy at ${config.PUBLIC_URL}/api/health within 60 s`);
  }
}

const DEMO_NOTE = 'Lone Star Roofing Co. (demo@rafter.app) with an active Smart plan and 36 leads';

main().catch((error: unknown) => {
  process.stderr.write(`[rafter] ${error instanceof Error ? error.message : String(error)}\n`);
  void shutdown(1);
});
