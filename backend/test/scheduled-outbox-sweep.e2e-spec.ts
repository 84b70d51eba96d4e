import { getQueueToken } from '@nestjs/bullmq';
import { type INestApplicationContext } from '@nestjs/common';
import { type Queue, UnrecoverableError } from 'bullmq';
import { PrismaService } from '../src/core/database/prisma.service';
import { NO_HANDLER_ERROR } from '../src/core/outbox/outbox.relay';
import {
  OUTBOX_SWEEP_INTERVAL_MS,
  type OutboxSweepResult,
  SWEEP_STUCK_OUTBOX,
} from '../src/core/outbox/outbox.sweep';
import { JobHandlers } from '../src/core/queue/job-handlers';
import { QUEUES } from '../src/core/queue/jobs';
import { closeWorker, createWorker } from '../src/worker.factory';
import { eventually, sleep, withEnv } from './utils/async';
import { runScheduledJob, takeOverScheduler } from './utils/scheduled-jobs';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from './utils/database';

const MINUTE = 60_000;

let db: TestDatabase;
let worker: INestApplicationContext;
let prisma: PrismaService;
let queue: Queue;
const received: number[] = [];
let failures = 0;
let scheduler: unknown;

const row = (id: string) => prisma.outboxEvent.findUniqueOrThrow({ where: { id } });

/** An outbox row the relay published `agoMs` ago, as if BullMQ had accepted its job then. */
function publishedRow(topic: string, n: number, agoMs: number) {
  const at = new Date(Date.now() - agoMs);
  return prisma.outboxEvent.create({
    data: { topic, payload: { n }, createdAt: at, availableAt: at, publishedAt: at, attempts: 1 },
  });
}

const runSweep = () => runScheduledJob<OutboxSweepResult>(queue, SWEEP_STUCK_OUTBOX);

beforeAll(async () => {
  db = await createTestDatabase();
  worker = await withEnv(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      QUEUE_PREFIX: testRedisPrefix(),
      OUTBOX_POLL_INTERVAL_MS: '100',
    },
    () => createWorker({ logger: false }),
  );
  prisma = worker.get(PrismaService);
  queue = worker.get<Queue>(getQueueToken(QUEUES.events), { strict: false });
  const handlers = worker.get(JobHandlers);
  handlers.register<{ n: number }>('test.ping', async (data) => {
    received.push(data.n);
  });
  handlers.register('test.broken', async () => {
    failures += 1;
    throw new UnrecoverableError('This event can never be handled');
  });
  // The tests run the job themselves; a scheduled run racing them would make counts vary.
  scheduler = await takeOverScheduler(queue, SWEEP_STUCK_OUTBOX);
});

afterAll(async () => {
  if (worker) await closeWorker(worker);
  await db?.drop();
});

describe('stuck outbox sweep', () => {
  it('is scheduled every ten minutes', async () => {
    expect(scheduler).toMatchObject({ name: SWEEP_STUCK_OUTBOX, every: OUTBOX_SWEEP_INTERVAL_MS });
  });

  it('sends again, once, an event whose queued job Redis lost', async () => {
    const lost = await publishedRow('test.ping', 1, 15 * MINUTE);

    expect(await runSweep()).toEqual({ requeued: 1, released: 0 });
    await eventually(() => received.includes(1));
    // The relay marks the row after BullMQ accepted the job, so the job may run first.
    await eventually(
      async () => ((await row(lost.id)).publishedAt?.getTime() ?? 0) > Date.now() - MINUTE,
    );

    // Its job exists now (completed): later sweeps leave it alone.
    await prisma.outboxEvent.update({
      where: { id: lost.id },
      data: { publishedAt: new Date(Date.now() - 15 * MINUTE) },
    });
    expect(await runSweep()).toEqual({ requeued: 0, released: 0 });
    await sleep(500);
    expect(received.filter((n) => n === 1)).toHaveLength(1);
  });

  it('leaves a job that failed for good in the failed list instead of retrying it', async () => {
    const { id } = await prisma.outboxEvent.create({
      data: { topic: 'test.broken', payload: { n: 2 } },
    });
    await eventually(async () => (await queue.getJobState(id)) === 'failed');
    await prisma.outboxEvent.update({
      where: { id },
      data: { publishedAt: new Date(Date.now() - 15 * MINUTE) },
    });

    expect(await runSweep()).toEqual({ requeued: 0, released: 0 });
    expect((await row(id)).publishedAt).not.toBeNull();
    expect(await queue.getJobState(id)).toBe('failed');
    expect(failures).toBe(1);
  });

  it('leaves rows published moments ago or more than a day ago', async () => {
    const recent = await publishedRow('test.ping', 3, 1 * MINUTE);
    const old = await publishedRow('test.ping', 4, 25 * 60 * MINUTE);

    expect(await runSweep()).toEqual({ requeued: 0, released: 0 });
    expect((await row(recent.id)).publishedAt).not.toBeNull();
    expect((await row(old.id)).publishedAt).not.toBeNull();
    await sleep(300);
    expect(received).not.toContain(3);
    expect(received).not.toContain(4);
  });

  it('releases events parked for a topic once a handler for it exists', async () => {
    const parked = await prisma.outboxEvent.create({
      data: {
        topic: 'test.later',
        payload: { n: 5 },
        availableAt: new Date(Date.now() + 10 * MINUTE),
        attempts: 1,
        lastError: NO_HANDLER_ERROR,
      },
    });
    expect(await runSweep()).toEqual({ requeued: 0, released: 0 });
    expect((await row(parked.id)).publishedAt).toBeNull();

    const later: number[] = [];
    worker.get(JobHandlers).register<{ n: number }>('test.later', async (data) => {
      later.push(data.n);
    });
    expect(await runSweep()).toEqual({ requeued: 0, released: 1 });
    await eventually(() => later.includes(5));
    // The relay marks the row after BullMQ accepted the job, so the job may run first.
    await eventually(async () => (await row(parked.id)).publishedAt instanceof Date);
    expect(later).toEqual([5]);
  });
});
