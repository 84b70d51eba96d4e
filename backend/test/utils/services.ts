import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  databaseName,
  startEmbeddedPostgres,
  withDatabase,
  type EmbeddedPostgres,
} from '../../src/core/database/embedded-postgres';
import { applyMigrations, readMigrations, REPO_ROOT } from '../../src/core/database/migrator';
import {
  redisAnswers,
  redisServerOnPath,
  startLocalRedis,
  type LocalRedis,
} from '../../src/core/redis/local-redis';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const TEMPLATE_LOCK = 72707370;

/** Tests may only touch databases whose name says they are for tests. */
export function assertTestDatabaseName(name: string): void {
  if (!/test/i.test(name)) {
    throw new Error(
      `Refusing to run tests against database "${name}": its name must contain "test" ` +
        '(set DATABASE_URL to e.g. postgresql://postgres@127.0.0.1:5432/rafter_test).',
    );
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Name of the migrated template database for the migrations currently on disk. */
export function templateName(baseUrl: string): string {
  const hash = createHash('sha256');
  for (const migration of readMigrations()) hash.update(migration.name).update(migration.checksum);
  return `${databaseName(baseUrl)}_tpl_${hash.digest('hex').slice(0, 10)}`;
}

export interface TestServices {
  embeddedPostgres?: EmbeddedPostgres;
  localRedis?: LocalRedis;
}

/**
 * Points DATABASE_URL and REDIS_URL at real servers for the test run: the machine's own when the
 * variables are set (or Redis answers on its default port), else an embedded PostgreSQL and a
 * redis-server started here. Builds the migrated template database that each test file copies.
 */
export async function prepareTestServices(): Promise<TestServices> {
  const services: TestServices = {};
  if (!process.env.DATABASE_URL) {
    services.embeddedPostgres = await startEmbeddedPostgres({
      dataDir: join(REPO_ROOT, '.data', 'test-postgres'),
      port: await freePort(),
    });
    process.env.DATABASE_URL = services.embeddedPostgres.url('rafter_test');
  }
  const baseUrl = process.env.DATABASE_URL;
  assertTestDatabaseName(databaseName(baseUrl));
  await buildTemplate(baseUrl);

  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  if (!(await redisAnswers(redisUrl))) {
    if (process.env.REDIS_URL || !redisServerOnPath()) {
      throw new Error(`No Redis answers at ${redisUrl}; start one or install redis-server.`);
    }
    services.localRedis = await startLocalRedis({
      port: await freePort(),
      dataDir: join(REPO_ROOT, '.data', `test-redis-${process.pid}`),
    });
  }
  process.env.REDIS_URL = services.localRedis?.url ?? redisUrl;
  return services;
}

async function buildTemplate(baseUrl: string): Promise<void> {
  const template = templateName(baseUrl);
  const admin = new Client({ connectionString: withDatabase(baseUrl, 'postgres') });
  await admin.connect();
  try {
    // Several test runs may start at once; one builds the template, the others wait for it.
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      template,
    ]);
    if (!rowCount) {
      const building = `${template}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      await applyMigrations(withDatabase(baseUrl, building));
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
    await admin.end();
  }
}
