import { type INestApplicationContext } from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrismaService } from '../src/core/database/prisma.service';
import { JobHandlers } from '../src/core/queue/job-handlers';
import { startLocalRedis, type LocalRedis } from '../src/core/redis/local-redis';
import { closeWorker, createWorker } from '../src/worker.factory';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from './utils/database';
import { freePort } from './utils/services';
import { eventually, sleep, withEnv } from './utils/async';

describe('outbox relay', () => {
  let db: TestDatabase;
  let redis: LocalRedis;
  let redisPort: number;
  let redisDir: string;
  let worker: INestApplicationContext;
  let prisma: PrismaService;
  const received: unknown[] = [];

  const workerEnv = () => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: prefix,
    OUTBOX_POLL_INTERVAL_MS: '100',
  });
  const prefix = testRedisPrefix();

  /** Writes an outbox row of a test topic (one the typed OutboxService does not know). */
  const publish = async (topic: string, payload: { n: number }) =>
    (await prisma.outboxEvent.create({ data: { topic, payload }, select: { id: true } })).id;

  const row = (id: string) => prisma.outboxEvent.findUniqueOrThrow({ where: { id } });

  beforeAll(async () => {
    db = await createTestDatabase();
    redisPort = await freePort();
    redisDir = mkdtempSync(join(tmpdir(), 'rafter-redis-'));
    redis = await startLocalRedis({ port: redisPort, dataDir: redisDir });
    worker = await withEnv(workerEnv(), () => createWorker({ logger: false }));
    worker.get(JobHandlers).register<{ n: number }>('test.ping', async (data) => {
      received.push(data);
    });
    prisma = worker.get(PrismaService);
  });

  afterAll(async () => {
    if (worker) await closeWorker(worker);
    await redis?.stop();
    await db?.drop();
  });

  it('relays a committed event to its job', async () => {
    const id = await publish('test.ping', { n: 1 });
    await eventually(async () => received.some((data) => (data as { n: number }).n === 1));
    // The job may run before the relay's transaction marking the row has committed.
    expect(await eventually(async () => (await row(id)).publishedAt)).toBeInstanceOf(Date);
  });

  it('keeps an event written while Redis is down and runs its job once Redis is back', async () => {
    await redis.stop();
    const id = await publish('test.ping', { n: 2 });

    await eventually(async () => (await row(id)).attempts > 0);
    const waiting = await row(id);
    expect(waiting.publishedAt).toBeNull();
    expect(waiting.lastError).toEqual(expect.any(String));
    expect(received).not.toContainEqual({ n: 2 });

    redis = await startLocalRedis({ port: redisPort, dataDir: redisDir });
    await eventually(async () => received.some((data) => (data as { n: number }).n === 2), 30_000);
    // The job may run before the relay's transaction marking the row has committed.
    expect(await eventually(async () => (await row(id)).publishedAt)).toBeInstanceOf(Date);

    await sleep(1000);
    expect(received.filter((data) => (data as { n: number }).n === 2)).toHaveLength(1);
  }, 60_000);

  it('refuses to start a worker while the outbox holds an event nobody handles', async () => {
    await publish('no.such.job', { n: 3 });
    await expect(withEnv(workerEnv(), () => createWorker({ logger: false }))).rejects.toThrow(
      /no job handler: no\.such\.job/,
    );
  });
});
