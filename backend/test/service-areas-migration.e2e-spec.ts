import { readServiceAreas } from '@rafter/domain/service-area';
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { applyMigrations, MIGRATIONS_DIR } from '../src/core/database/migrator';
import { createTestDatabase, type TestDatabase } from './utils/database';

// The migration that made service areas structured converts what the old comma-split form
// stored (prisma/migrations/20261126010000_structured_service_areas). It runs on a database at
// the migration before it, holding profiles as contractors left them.

const STRUCTURED = '20261126010000_structured_service_areas';

const city = (label: string, name: string, state: string) => ({
  kind: 'city',
  label,
  city: name,
  state,
});

describe('migration: structured service areas', () => {
  let db: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    const before = mkdtempSync(join(tmpdir(), 'rafter-migrations-'));
    for (const name of readdirSync(MIGRATIONS_DIR).filter((entry) => /^\d{14}_/.test(entry))) {
      if (name >= STRUCTURED) continue;
      cpSync(join(MIGRATIONS_DIR, name), join(before, name), { recursive: true });
    }
    await applyMigrations(db.url, { dir: before });
  });

  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  /** Each case: a profile stored the old way, and what it must become. */
  const cases: [string, string[] | null, string | null, object[]][] = [
    [
      'a split "Austin, TX" is the city again',
      ['Austin', 'TX'],
      null,
      [city('Austin, TX', 'Austin', 'TX')],
    ],
    [
      'zips stay zips; a state after a zip stays a state',
      ['78701', '78702-1234', 'TX'],
      null,
      [
        { kind: 'zip', label: '78701', zip: '78701' },
        { kind: 'zip', label: '78702-1234', zip: '78702' },
        { kind: 'state', label: 'TX', state: 'TX' },
      ],
    ],
    [
      'a state named alone stays a state',
      ['Texas'],
      null,
      [{ kind: 'state', label: 'Texas', state: 'TX' }],
    ],
    [
      'a county and its state, split',
      ['Travis County', 'Texas'],
      null,
      [{ kind: 'county', label: 'Travis County, Texas', county: 'Travis County', state: 'TX' }],
    ],
    [
      'an entry that named its state itself',
      ['Austin TX', 'New York New York'],
      null,
      [city('Austin TX', 'Austin', 'TX'), city('New York New York', 'New York', 'NY')],
    ],
    [
      'cities without a state take the business address state',
      ['Austin', 'Round Rock'],
      '1100 S Lamar Blvd, Austin, TX 78704',
      [city('Austin, TX', 'Austin', 'TX'), city('Round Rock, TX', 'Round Rock', 'TX')],
    ],
    [
      'a city without a state takes the one state the other entries name',
      ['Cedar Park', 'Round Rock', 'TX'],
      '1 Main St, Shreveport, LA 71101',
      [city('Cedar Park, TX', 'Cedar Park', 'TX'), city('Round Rock, TX', 'Round Rock', 'TX')],
    ],
    [
      'with two states to choose from, a city keeps its name without a state',
      ['Austin', 'Shreveport LA', 'Houston TX'],
      null,
      [
        { kind: 'place', label: 'Austin', place: 'Austin' },
        city('Shreveport LA', 'Shreveport', 'LA'),
        city('Houston TX', 'Houston', 'TX'),
      ],
    ],
    [
      'with no state anywhere, a city keeps its name without a state',
      ['Austin'],
      null,
      [{ kind: 'place', label: 'Austin', place: 'Austin' }],
    ],
    [
      'repeats are dropped, the first kept; blanks and spacing tidied',
      ['Austin  TX', ' ', 'austin', 'TX', '78701', '78701'],
      null,
      [city('Austin TX', 'Austin', 'TX'), { kind: 'zip', label: '78701', zip: '78701' }],
    ],
    ['no areas', [], null, []],
    ['no areas at all (NULL)', null, null, []],
  ];

  it('converts every stored profile, and the result is what the app reads', async () => {
    const users: string[] = [];
    for (const [label, areas, address] of cases) {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO users (id, email, full_name, updated_at)
         VALUES (gen_random_uuid(), $1, 'Legacy Roofer', now()) RETURNING id`,
        [`legacy-${users.length}@example.com`],
      );
      const userId = rows[0]!.id;
      users.push(userId);
      await client.query(
        `INSERT INTO business_profiles (id, user_id, business_name, address, areas_of_service, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, now())`,
        [userId, label, address, areas],
      );
    }

    expect(await applyMigrations(db.url)).toContain(STRUCTURED);

    for (const [index, [label, , , expected]] of cases.entries()) {
      const { rows } = await client.query<{ areas: unknown }>(
        'SELECT areas_of_service AS areas FROM business_profiles WHERE user_id = $1',
        [users[index]],
      );
      const stored = rows[0]!.areas;
      expect({ label, stored }).toEqual({ label, stored: expected });
      // Everything the migration writes is a well-formed area the app keeps.
      expect(readServiceAreas(stored)).toEqual(stored);
    }
    const column = await client.query(
      `SELECT data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_name = 'business_profiles' AND column_name = 'areas_of_service'`,
    );
    expect(column.rows[0]).toMatchObject({ data_type: 'jsonb', is_nullable: 'NO' });
  });
});
