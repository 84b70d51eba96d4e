// Regenerates the typed client (@rafter/client) from the live public API document:
//
//   npm run generate:client              builds the backend, builds its /api/v1/openapi.json the
//                                        way the api does (createApp, no server, no database),
//                                        writes client/openapi.json and client/src/schema.ts
//   node scripts/generate-client.mjs --check FILE
//                                        exits 1 when the checked-in files are not what FILE (a
//                                        live document) gives; backend/test/client.e2e-spec.ts
//                                        runs this with the test app's document
//
// docs/decisions/0033-typed-client-generation.md explains the choices.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  DOCUMENT_FILE,
  SCHEMA_FILE,
  readCheckedIn,
  renderDocument,
  renderSchema,
} from '../client/scripts/render.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The document's `servers` entry: the production address, as customers call it. */
const SERVER_URL = 'https://rafter.app';
const REGENERATE = 'run `npm run generate:client` and commit client/';

/** Child mode: boot the api without listening and save the document it serves. */
async function printDocument(file) {
  const { createApp } = await import(
    pathToFileURL(join(ROOT, 'backend', 'dist', 'app.factory.js')).href
  );
  const app = await createApp({ logger: false });
  const response = await app.getHttpAdapter().getInstance().inject({
    url: '/api/v1/openapi.json',
  });
  if (response.statusCode !== 200) {
    throw new Error(`GET /api/v1/openapi.json answered ${response.statusCode}: ${response.body}`);
  }
  await writeFile(file, response.body);
  // Nothing was initialised (no database, no queues), but the Redis clients of the realtime
  // adapter keep reconnecting: leave without waiting for them.
  process.exit(0);
}

async function liveDocument() {
  const run = (command, args) =>
    execFileSync(command, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  run(process.execPath, [join(ROOT, 'scripts', 'prisma-generate.mjs')]);
  run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'backend']);
  const folder = await mkdtemp(join(tmpdir(), 'rafter-client-'));
  try {
    const file = join(folder, 'openapi.json');
    execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--print-document', file], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      // Only what the document depends on: the same file on every machine. Nothing connects to
      // these addresses (the app is created, never initialised or listening).
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: SERVER_URL,
        DATABASE_URL: 'postgresql://rafter@127.0.0.1:1/rafter_openapi',
        REDIS_URL: 'redis://127.0.0.1:1',
      },
    });
    return JSON.parse(await readFile(file, 'utf8'));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function check(file) {
  const document = JSON.parse(await readFile(file, 'utf8'));
  const expected = {
    document: await renderDocument(document),
    schema: await renderSchema(document),
  };
  const actual = await readCheckedIn();
  const stale = [
    actual.document !== expected.document && relative(ROOT, DOCUMENT_FILE),
    actual.schema !== expected.schema && relative(ROOT, SCHEMA_FILE),
  ].filter(Boolean);
  if (stale.length > 0) {
    console.error(
      `The typed client does not match the live /api/v1/openapi.json (${stale.join(' and ')} ${stale.length === 1 ? 'differs' : 'differ'}): ${REGENERATE}.`,
    );
    process.exit(1);
  }
  console.log('client/openapi.json and client/src/schema.ts match the live document.');
}

async function generate() {
  const document = await liveDocument();
  await writeFile(DOCUMENT_FILE, await renderDocument(document));
  await writeFile(SCHEMA_FILE, await renderSchema(document));
  const operations = Object.values(document.paths).reduce(
    (count, item) => count + Object.keys(item).length,
    0,
  );
  console.log(
    `${relative(ROOT, DOCUMENT_FILE)}, ${relative(ROOT, SCHEMA_FILE)}: ${operations} operations`,
  );
}

const [mode, file] = process.argv.slice(2);
if (mode === '--print-document') await printDocument(file);
else if (mode === '--check' && file) await check(file);
else if (mode === undefined) await generate();
else {
  console.error('usage: node scripts/generate-client.mjs [--check LIVE_DOCUMENT.json]');
  process.exit(2);
}
