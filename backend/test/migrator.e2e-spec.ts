import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { applyMigrations, readMigrations } from '../src/core/database/migrator';
import { createTestDatabase, type TestDatabase } from './utils/database';

function migrationsFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rafter-migrations-'));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

describe('migration applier', () => {
  let db: TestDatabase;
  let client: Client;

  beforeEach(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
    // Start from an empty database, not the migrated template.
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  });

  afterEach(async () => {
    await client.end();
    await db.drop();
  });

  it('records each migration as prisma migrate deploy does and applies it once', async () => {
    const dir = migrationsFolder({
      '20260101000000_first': 'CREATE TABLE "a" ("id" INTEGER NOT NULL);\n',
      '20260102000000_second': 'ALTER TABLE "a" ADD COLUMN "b" TEXT;\n',
    });

    expect(await applyMigrations(db.url, { dir })).toEqual([
      '20260101000000_first',
      '20260102000000_second',
    ]);
    expect(await applyMigrations(db.url, { dir })).toEqual([]);

    const { rows } = await client.query(
      `SELECT migration_name, checksum, finished_at, applied_steps_count, logs, rolled_back_at
       FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      migration_name: '20260101000000_first',
      checksum: createHash('sha256')
        .update('CREATE TABLE "a" ("id" INTEGER NOT NULL);\n')
        .digest('hex'),
      applied_steps_count: 1,
      logs: null,
      rolled_back_at: null,
    });
    expect(rows[1].finished_at).toBeInstanceOf(Date);
    const columns = await client.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'a' ORDER BY 1`,
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual(['b', 'id']);
  });

  it('records a failed migration with its error and refuses to continue past it', async () => {
    const dir = migrationsFolder({
      '20260101000000_broken': 'CREATE TABLE "a" ("id" NO_SUCH_TYPE);\n',
    });

    await expect(applyMigrations(db.url, { dir })).rejects.toThrow(/20260101000000_broken failed/);
    const { rows } = await client.query(
      'SELECT finished_at, logs FROM "_prisma_migrations" WHERE migration_name = $1',
      ['20260101000000_broken'],
    );
    expect(rows[0].finished_at).toBeNull();
    expect(rows[0].logs).toMatch(/no_such_type/i);
    await expect(applyMigrations(db.url, { dir })).rejects.toThrow(/failed earlier/);
  });

  it('reads the project migrations in order', () => {
    const names = readMigrations().map((migration) => migration.name);
    expect(names.length).toBeGreaterThan(0);
    expect([...names].sort()).toEqual(names);
  });
});
