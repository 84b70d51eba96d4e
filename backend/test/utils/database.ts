import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { databaseName, withDatabase } from '../../src/core/database/embedded-postgres';
import { assertTestDatabaseName, templateName } from './services';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('DATABASE_URL is not set: run tests through jest (globalSetup sets it)');
  assertTestDatabaseName(databaseName(url));
  return url;
}

/** Runs `work` on a connection of its own to `url`, closed afterwards. */
async function connected<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  return connected(withDatabase(serverUrl(), 'postgres'), work);
}

/**
 * Opens the new database's first connection, and closes it. The first connection to a database
 * builds its catalog cache file, a few times a later connection's work (10-18 ms against 3-11 ms
 * on 2026-12-01). A test's first request once failed on the api pool's 1 s connect timeout
 * (CONNECT_TIMEOUT_MS) on a busy run; the harness pays for that connection here, without the
 * limit, as a deployment's database has long been open.
 */
async function warmUp(url: string): Promise<void> {
  await connected(url, (client) => client.query('SELECT 1'));
}

/** A fresh, fully migrated database of its own, copied from the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = serverUrl();
  const name = `${databaseName(base)}_${process.pid}_${randomBytes(4).toString('hex')}`;
  assertTestDatabaseName(name);
  const template = templateName(base);
  await admin(async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        // Two files copying the template at the same instant: PostgreSQL refuses the second.
        const busy = error instanceof Error && /being accessed by other users/.test(error.message);
        if (!busy || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  const url = withDatabase(base, name);
  await warmUp(url);
  return {
    name,
    url,
    drop: () =>
      admin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }),
  };
}

/** A Redis key prefix of its own, so test files never see each other's queues. */
export function testRedisPrefix(): string {
  return `test-${process.pid}-${randomBytes(4).toString('hex')}`;
}
