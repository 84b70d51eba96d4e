import { randomUUID } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { Client } from 'pg';
import { stopApi } from '../src/app.factory';
import { eventually, sleep } from './utils/async';
import { createTestApp, type TestApp } from './utils/create-app';

/**
 * A deploy stops the api with SIGTERM while homeowners keep sending (main.ts runs stopApi). It
 * used to run Nest's order: the modules let go of PostgreSQL first, and Socket.IO's close then
 * waited for kept-alive connections that never went idle, until the 25 s shutdown timeout reset
 * every request in flight.
 */
describe('stopping the api under traffic', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    // stopApi closed the app; only the database is left.
    await t.db.drop();
  });

  /** A lookup that reads PostgreSQL (an unknown contractor: 404). */
  const lookup = () =>
    fetch(`${base}/api/get-material-pricing?ownerId=${randomUUID()}`).then(
      async (response) => {
        await response.text();
        return response.status;
      },
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.name,
    );

  /** How many statements wait behind the lock on users (lookups in flight). */
  const waiting = async (locker: Client) => {
    const { rows } = await locker.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_locks WHERE NOT granted AND relation = 'users'::regclass`,
    );
    return rows[0]?.count ?? 0;
  };

  it('finishes the requests in flight with PostgreSQL, answers the rest 503 or refuses them, and stops within seconds', async () => {
    // A request in flight at the stop: its statement waits behind a lock until after the stop began.
    const locker = new Client({ connectionString: t.db.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    const inFlight = lookup();
    await eventually(async () => (await waiting(locker)) >= 1);

    // Homeowners keep sending on kept-alive connections, one request after another.
    let sending = true;
    const answers: (number | string)[] = [];
    const clients = Array.from({ length: 10 }, async () => {
      while (sending) answers.push(await lookup());
    });
    // Some of their lookups are in flight too before the stop (a fixed wait was not always enough
    // on a busy machine: none had reached PostgreSQL, and all were turned away with 503).
    await eventually(async () => (await waiting(locker)) >= 3);

    const started = Date.now();
    const stopping = stopApi(t.app);
    await sleep(300);
    await locker.query('COMMIT');
    await locker.end();
    await stopping;
    const tookMs = Date.now() - started;
    sending = false;
    await Promise.all(clients);

    // The request that was in flight got its answer from PostgreSQL, not an error.
    expect(await inFlight).toBe(404);
    expect(tookMs).toBeLessThan(5000);
    // No 500 (the pool ended under a request), no request held until the timeout: a lookup was
    // answered, turned away with 503 while closing, or refused once the port closed. A reset
    // is a kept-alive connection closed while idle, before any request on it was read.
    const kinds = new Set(answers);
    for (const kind of kinds) {
      expect([404, 503, 'ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(kind);
    }
    expect(answers.filter((answer) => answer === 404).length).toBeGreaterThan(0);
    expect(await lookup()).toBe('ECONNREFUSED');
  });
});
