import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../src/core/database/migrator';
import { createTestApp, type TestApp } from './utils/create-app';

/**
 * Both OpenAPI documents are valid OpenAPI 3.1 and pass `@redocly/cli lint` with its recommended
 * rules: the public one with no warning either, and with a summary, a description and an example
 * for every operation. The app's document keeps warnings that describe what its routes really do
 * (redirects without a 2XX answer, health and configuration routes without a 4XX one).
 */

let t: TestApp;
let folder: string;

beforeAll(async () => {
  // The servers entry is the public address, as in production (not localhost).
  t = await createTestApp({ PUBLIC_URL: 'https://roofing.rafter.app' });
  folder = await mkdtemp(join(tmpdir(), 'rafter-openapi-'));
});

afterAll(async () => {
  await t?.close();
  await rm(folder, { recursive: true, force: true });
});

async function lint(url: string): Promise<string> {
  const response = await t.app.inject({ url });
  expect(response.statusCode).toBe(200);
  const file = join(folder, `${url.replace(/\W+/g, '-')}.json`);
  await writeFile(file, response.body);
  const bin = join(REPO_ROOT, 'node_modules', '.bin', 'redocly');
  try {
    const { stdout, stderr } = await promisify(execFile)(
      bin,
      ['lint', '--extends=recommended', '--format=stylish', file],
      {
        cwd: folder,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    return `${stdout}${stderr}`;
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    throw new Error(`redocly lint failed for ${url}:\n${stdout}${stderr}`, { cause: error });
  }
}

it.each([
  ['/api/openapi.json', false],
  ['/api/v1/openapi.json', true],
])(
  '%s is OpenAPI 3.1 and lint-clean (no warning either: %s)',
  async (url, noWarnings) => {
    const document = (await t.app.inject({ url })).json<{ openapi: string }>();
    expect(document.openapi).toBe('3.1.0');
    const output = await lint(url);
    expect(output).not.toMatch(/\berror\b/);
    if (noWarnings) expect(output).not.toMatch(/\d+\s+warning\s/);
  },
  60_000,
);

it('describes every public operation with a summary, a description and an example', async () => {
  const document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json<{
    paths: Record<string, Record<string, Record<string, unknown>>>;
  }>();
  const paths = Object.keys(document.paths);
  expect(paths.every((path) => path.startsWith('/api/v1/'))).toBe(true);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/api/v1/leads',
      '/api/v1/leads/{id}',
      '/api/v1/account',
      '/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/resend',
      '/api/v1/hooks',
      '/api/v1/hooks/{id}',
      '/api/v1/hooks/samples/{event}',
    ]),
  );
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const name = `${method.toUpperCase()} ${path}`;
      expect([name, typeof operation.summary]).toEqual([name, 'string']);
      expect([name, typeof operation.description]).toEqual([name, 'string']);
      const responses = operation.responses as Record<
        string,
        { content?: Record<string, { example?: unknown }> }
      >;
      const success = Object.entries(responses).find(([status]) => status.startsWith('2'))!;
      const example =
        success[0] === '204' ? true : Object.values(success[1].content ?? {})[0]?.example;
      expect([name, example !== undefined]).toEqual([name, true]);
    }
  }
});

it('keeps the public API out of the app document', async () => {
  const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
    paths: Record<string, unknown>;
  }>();
  expect(Object.keys(document.paths).some((path) => path.startsWith('/api/v1'))).toBe(false);
  expect(Object.keys(document.paths)).toContain('/api/api-keys');
});
