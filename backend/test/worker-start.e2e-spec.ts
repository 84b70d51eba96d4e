import { createServer, connect, type Server, type Socket } from 'node:net';
import { closeWorker, createWorker } from '../src/worker.factory';
import { withEnv } from './utils/async';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from './utils/database';

/**
 * A worker started while PostgreSQL does not answer yet (still starting, or a machine so busy
 * that the first connection misses the pool's one-second limit) waits for it instead of exiting,
 * which under `npm start` would have stopped the whole product.
 */
describe('worker start', () => {
  let db: TestDatabase;
  let proxy: Server;
  const held: Socket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => proxy?.close(resolve));
    await db?.drop();
  });

  it('waits for a PostgreSQL that does not answer at first, then starts', async () => {
    const target = new URL(db.url);
    let answering = false;
    // Accepts connections but says nothing until `answering`, then forwards to PostgreSQL.
    proxy = createServer((client) => {
      held.push(client);
      if (!answering) return;
      const upstream = connect(Number(target.port || 5432), target.hostname);
      held.push(upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address();
    const proxied = new URL(db.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(typeof address === 'object' && address ? address.port : 0);
    // Long enough for the first connection attempts to time out.
    const timer = setTimeout(() => (answering = true), 3000);

    const started = withEnv(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: proxied.toString(),
        QUEUE_PREFIX: testRedisPrefix(),
      },
      () => createWorker({ logger: false }),
    );
    const worker = await started;
    clearTimeout(timer);
    expect(answering).toBe(true);
    await closeWorker(worker);
  }, 90_000);
});
