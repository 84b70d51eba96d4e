import { connect, type AddressInfo } from 'node:net';
import { captureStdout } from './utils/capture-logs';
import { eventually } from './utils/async';
import { createTestApp, type TestApp } from './utils/create-app';

/**
 * The request log operators read: one line per API request once it is answered, with the id the
 * caller got in `x-request-id`, the method, the path without its query string, the status and the
 * duration; a request the client gave up on gets a line saying so; health probes and the app's
 * pages get none.
 */

interface Line {
  level: number;
  msg: string;
  req?: { id: string; method: string; path: string };
  res?: { statusCode: number };
  responseTime?: number;
}

let t: TestApp;
let logs: ReturnType<typeof captureStdout>;

beforeAll(async () => {
  logs = captureStdout();
  t = await createTestApp({ LOG_LEVEL: 'info' });
  await t.app.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await t?.close();
  logs?.stop();
});

function lines(): Line[] {
  return logs
    .text()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);
}

function requestLines(): Line[] {
  return lines().filter((line) => line.msg === 'request completed');
}

it('writes one line per API request with its id, method, path, status and duration', async () => {
  const before = requestLines().length;
  const answered = await t.app.inject({
    url: '/api/form-token?ownerId=not-a-contractor&reset=secret-one-time-token',
    headers: { 'x-request-id': 'trace-4242' },
  });
  expect(answered.statusCode).toBe(400);
  const unauthorized = await t.app.inject({ method: 'GET', url: '/api/leads?q=maria' });
  expect(unauthorized.statusCode).toBe(401);
  await t.app.inject({ url: '/api/health' });
  await t.app.inject({ url: '/api/health/live' });
  await t.app.inject({ url: '/' });

  const written = requestLines().slice(before);
  expect(written.map((line) => [line.req?.method, line.req?.path, line.res?.statusCode])).toEqual([
    ['GET', '/api/form-token', 400],
    ['GET', '/api/leads', 401],
  ]);
  expect(written[0]).toMatchObject({ level: 40, req: { id: 'trace-4242' } });
  expect(written[1]!.req!.id).toBe(unauthorized.headers['x-request-id']);
  for (const line of written) expect(line.responseTime).toEqual(expect.any(Number));
  // The query string, which can carry a one-time token, is never written.
  expect(logs.text()).not.toContain('secret-one-time-token');
  expect(logs.text()).not.toContain('maria');
});

it('logs a routine answer at info and a request the client abandoned', async () => {
  const before = lines().length;
  const ok = await t.app.inject({ url: '/api/openapi.json' });
  expect(ok.statusCode).toBe(200);
  expect(requestLines().at(-1)).toMatchObject({
    level: 30,
    req: { method: 'GET', path: '/api/openapi.json' },
    res: { statusCode: 200 },
  });

  // A quote request whose body never finishes arriving: the client hangs up halfway.
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    'POST /api/capture-lead HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 500\r\nX-Request-Id: walked-away-7\r\n\r\n{"ownerId":',
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
  await eventually(() =>
    lines()
      .slice(before)
      .some((line) => line.msg === 'request aborted' && line.req?.id === 'walked-away-7'),
  );
  expect(lines().find((line) => line.req?.id === 'walked-away-7')).toMatchObject({
    level: 30,
    req: { method: 'POST', path: '/api/capture-lead' },
  });
});
