import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { ADVISORY_LOCK } from './advisory-locks';

/** Repository root, the same distance from `src/core/database` and `dist/core/database`. */
export const REPO_ROOT = resolve(__dirname, '../../../..');
export const MIGRATIONS_DIR = join(REPO_ROOT, 'prisma', 'migrations');

// Exactly the table `prisma migrate deploy` creates, so either tool can take over from the other.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {}

/** The migrations on disk, oldest first, with Prisma's checksum (SHA-256 of the file's bytes). */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!existsSync(dir)) throw new MigrationError(`No migrations folder at ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const bytes = readFileSync(join(dir, name, 'migration.sql'));
      return {
        name,
        sql: bytes.toString('utf8'),
        checksum: createHash('sha256').update(bytes).digest('hex'),
      };
    });
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Applies pending migrations the way `prisma migrate deploy` does: one `_prisma_migrations` row
 * per migration (started, then finished with applied_steps_count 1), a failed one recorded with
 * its error and blocking later runs until resolved, all under Prisma's advisory lock.
 * Returns the names it applied.
 */
export async function applyMigrations(
  databaseUrl: string,
  options: { dir?: string; log?: (line: string) => void } = {},
): Promise<string[]> {
  const migrations = readMigrations(options.dir);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK.migrations]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"',
    );
    const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
    if (failed) {
      throw new MigrationError(
        `Migration ${failed.migration_name} failed earlier; fix the database, then mark it ` +
          `rolled back (prisma migrate resolve --rolled-back ${failed.migration_name}).`,
      );
    }
    const done = new Map(
      rows.filter((row) => row.finished_at !== null).map((row) => [row.migration_name, row]),
    );
    for (const migration of migrations) {
      const previous = done.get(migration.name);
      if (previous) {
        if (previous.checksum !== migration.checksum) {
          options.log?.(`Migration ${migration.name} was edited after it was applied`);
        }
        continue;
      }
      const id = randomUUID();
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), 0)`,
        [id, migration.checksum, migration.name],
      );
      try {
        await client.query(migration.sql);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await client.query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [
          id,
          message,
        ]);
        throw new MigrationError(`Migration ${migration.name} failed: ${message}`);
      }
      await client.query(
        'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
        [id],
      );
      options.log?.(`Applied migration ${migration.name}`);
      applied.push(migration.name);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK.migrations]).catch(() => {});
    await client.end();
  }
}
