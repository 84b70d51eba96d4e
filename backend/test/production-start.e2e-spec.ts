import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { NODE_FLAGS } from '../src/node-flags';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from './utils/database';
import { buildBackend } from './utils/build-backend';

/**
 * The local fakes of Stripe, Google sign-in and Retell (backend/src/dev) serve `npm start`
 * without keys and the tests. A production start must never load them, not even with no Stripe
 * or Google keys set. This starts the compiled launcher as `npm start` does, with every process
 * it runs (launcher, api, worker) recording the files it loaded, and looks for the fakes there.
 */

const REPO_ROOT = resolve(__dirname, '../..');
const DEV_DIR = join(REPO_ROOT, 'backend', 'dist', 'dev') + sep;
const RECORDER = join(__dirname, 'utils', 'record-loaded-modules.cjs');

/**
 * A local fake: a file under backend/dist/dev or named after a fake (wherever it lives), or the
 * package the fake Google is built on.
 */
const isFake = (file: string) =>
  file.startsWith(DEV_DIR) ||
  /fake-(stripe|google|retell)/.test(file) ||
  file.includes(`${sep}oauth2-mock-server${sep}`);

/** MJML, the homeowners' e-mail templates' compiler: about 1,100 files. */
const isMjml = (file: string) => file.includes(`${sep}node_modules${sep}mjml${sep}`);

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * Runs `node backend/dist/launch.js` with `env` (and no Stripe, Google or Retell keys) until it
 * reports that Rafter is running and, with `workerLoads`, the worker has loaded a file it
 * matches; stops it with SIGTERM, and answers what each process loaded.
 */
async function launch(
  db: TestDatabase,
  env: Record<string, string>,
  workerLoads?: (file: string) => boolean,
) {
  const recordDir = mkdtempSync(join(tmpdir(), 'rafter-modules-'));
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(STRIPE|GOOGLE|RETELL)_/.test(name)),
  );
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['backend/dist/launch.js'], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      NODE_OPTIONS: `--require ${RECORDER}`,
      LOADED_MODULES_DIR: recordDir,
      DATABASE_URL: db.url,
      QUEUE_PREFIX: testRedisPrefix(),
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rafter-data-')),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const running = new Promise<void>((done, fail) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Rafter is running')) done();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => fail(new Error(`launch.js exited (${code}):\n${output}`)));
  });
  try {
    await running;
    // The api answering is what the launcher waits for; the worker may still be starting.
    const deadline = Date.now() + 60_000;
    while (workerLoads && !loadedBy(recordDir, 'worker.js').some(workerLoads)) {
      if (Date.now() > deadline) throw new Error(`The worker never loaded it:\n${output}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  // One file per process: the script on the first line, its Node flags (JSON) on the second,
  // then each file it loaded.
  const processes = readdirSync(recordDir).map((file) =>
    readFileSync(join(recordDir, file), 'utf8').trim().split('\n'),
  );
  const record = (script: string) => {
    const found = processes.find(([name]) => name!.endsWith(join('backend', 'dist', script)));
    if (!found) throw new Error(`No record of ${script} in:\n${output}`);
    return { flags: JSON.parse(found[1]!) as string[], loaded: found.slice(2) };
  };
  const [launcher, api, worker] = ['launch.js', 'main.js', 'worker.js'].map(record);
  return {
    output,
    launcher: launcher!.loaded,
    api: api!.loaded,
    worker: worker!.loaded,
    flags: { api: api!.flags, worker: worker!.flags },
  };
}

/** The files a process running `script` has loaded so far (none before it starts). */
function loadedBy(recordDir: string, script: string): string[] {
  for (const file of readdirSync(recordDir)) {
    const lines = readFileSync(join(recordDir, file), 'utf8').trim().split('\n');
    if (lines[0]!.endsWith(join('backend', 'dist', script))) return lines.slice(2);
  }
  return [];
}

describe('the local fakes', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    // The compiled launcher must be the current source.
    buildBackend();
    db = await createTestDatabase();
  }, 360_000);

  afterAll(async () => {
    await db?.drop();
  });

  it('are never loaded by a production start, even with no Stripe or Google keys', async () => {
    const started = await launch(
      db,
      {
        NODE_ENV: 'production',
        AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      },
      isMjml,
    );

    expect(started.output).not.toContain('fake Stripe');
    expect(started.output).not.toContain('fake server');
    for (const modules of [started.launcher, started.api, started.worker]) {
      expect(modules.length).toBeGreaterThan(100);
      expect(modules.filter(isFake)).toEqual([]);
    }
    // The worker compiles the homeowners' e-mail templates as it starts (it waited for that
    // above); the api sends no e-mail and never loads MJML.
    expect(started.api.filter(isMjml)).toEqual([]);
    // The Docker image gives both the same flags in NODE_OPTIONS (deployment.e2e-spec.ts).
    expect(started.flags).toEqual({ api: [...NODE_FLAGS], worker: [...NODE_FLAGS] });
  }, 120_000);

  it('are loaded by the launcher alone, outside production, when no keys are set', async () => {
    const started = await launch(db, { NODE_ENV: 'development' });

    expect(started.output).toContain('Payments (test):   fake Stripe at http://127.0.0.1:');
    expect(started.output).toContain('Google sign-in:    fake server at http://127.0.0.1:');
    const launcherFakes = started.launcher.filter(isFake).map((file) => file.slice(DEV_DIR.length));
    expect(launcherFakes).toEqual(
      expect.arrayContaining([
        join('stripe', 'fake-stripe.server.js'),
        join('google', 'fake-google.server.js'),
      ]),
    );
    expect(started.api.filter(isFake)).toEqual([]);
    expect(started.worker.filter(isFake)).toEqual([]);
  }, 120_000);
});
