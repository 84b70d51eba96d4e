import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Queue } from 'bullmq';
import { SMTPServer } from 'smtp-server';
import { OutboxService } from '../src/core/outbox/outbox.service';
import { createPrismaClient } from '../src/core/database/prisma-client';
import { QUEUES } from '../src/core/queue/jobs';
import { type PrismaClient } from '../src/generated/prisma/client';
import { redisOptionsFromUrl } from '../src/core/redis/redis-options';
import { eventually, sleep } from './utils/async';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from './utils/database';
import { buildBackend } from './utils/build-backend';

/** `lead.captured` has several handlers (the e-mail, webhooks): each one's result by its name. */
const SENT = { 'NotifyNewLeadJob.run': { outcome: 'sent' } };

const LEAD_CAPTURED = 'lead.captured';

const REPO_ROOT = resolve(__dirname, '../..');

/**
 * An SMTP server that takes each message and then holds its answer until told to give it: a
 * job that sends mail stays in the middle of its work for exactly as long as a test needs.
 */
async function startHoldingSink() {
  const received: string[] = [];
  const messageIds: string[] = [];
  const held: (() => void)[] = [];
  let holding = true;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','));
        messageIds.push(/^Message-ID:\s*(\S+)/im.exec(Buffer.concat(chunks).toString())?.[1] ?? '');
        if (holding) held.push(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    messageIds,
    /** Answers the held messages, and every later one at once. */
    release() {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

type Sink = Awaited<ReturnType<typeof startHoldingSink>>;

interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

describe('worker process shutdown', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let queue: Queue;
  let sink: Sink;
  const prefix = testRedisPrefix();
  const running: WorkerProcess[] = [];

  /** The compiled worker, as production starts it (`node backend/dist/worker.js`). */
  function startWorker(): WorkerProcess {
    let output = '';
    const child = spawn(process.execPath, ['backend/dist/worker.js'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: db.url,
        QUEUE_PREFIX: prefix,
        OUTBOX_POLL_INTERVAL_MS: '100',
        SHUTDOWN_TIMEOUT_MS: '60000',
        PUBLIC_URL: 'https://rafter.test',
        SMTP_URL: sink.url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      child.once('exit', (code, signal) => done({ code, signal })),
    );
    const worker = { child, output: () => output, exited };
    running.push(worker);
    return worker;
  }

  /** A contractor and a lead, with the `lead.captured` event capture writes. */
  async function capturedLead() {
    const owner = await prisma.user.create({
      data: { email: `owner-${randomUUID()}@roofers.test`, fullName: 'Pat Contractor' },
    });
    const lead = await prisma.lead.create({
      data: {
        ownerId: owner.id,
        firstName: 'Maria',
        lastName: 'Garcia',
        email: 'maria@homes.test',
        phone: '(512) 555-0142',
        address: '1100 Congress Ave, Austin, TX 78701',
        zipCode: '78701',
        ownership: 'owner',
        material: 'asphalt',
        stories: 'one',
        roofArea: 1800,
        estimateLow: 6000,
        estimateMid: 8000,
        estimateHigh: 10_000,
      },
    });
    const jobId = await prisma.$transaction((tx) =>
      new OutboxService().add(tx, LEAD_CAPTURED, { leadId: lead.id, ownerId: owner.id }),
    );
    return { owner, lead, jobId };
  }

  beforeAll(async () => {
    // The compiled worker must be the current source.
    buildBackend();
    db = await createTestDatabase();
    prisma = createPrismaClient(db.url);
    queue = new Queue(QUEUES.events, {
      prefix,
      connection: redisOptionsFromUrl(process.env.REDIS_URL!),
    });
  }, 320_000);

  beforeEach(async () => {
    sink = await startHoldingSink();
  });

  afterEach(async () => {
    for (const worker of running.splice(0)) {
      if (worker.child.exitCode === null && worker.child.signalCode === null) {
        worker.child.kill('SIGKILL');
        await worker.exited;
      }
    }
    sink.release();
    await sink.close();
  });

  afterAll(async () => {
    await queue?.obliterate({ force: true }).catch(() => {});
    await queue?.close();
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('on SIGTERM lets the running job finish, then exits 0', async () => {
    const worker = startWorker();
    const { owner, lead, jobId } = await capturedLead();
    // The job has sent the e-mail and waits for the server's answer.
    await eventually(() => sink.received.includes(owner.email), 60_000);
    expect(await queue.getJobState(jobId)).toBe('active');

    worker.child.kill('SIGTERM');
    await sleep(1000);
    expect(worker.child.exitCode).toBeNull();
    sink.release();

    const exit = await worker.exited;
    expect({ ...exit, output: exit.code === 0 ? '' : worker.output() }).toEqual({
      code: 0,
      signal: null,
      output: '',
    });
    expect(await queue.getJobState(jobId)).toBe('completed');
    expect((await queue.getJob(jobId))!.returnvalue).toMatchObject(SENT);
    expect(sink.received.filter((to) => to === owner.email)).toHaveLength(1);
    const notified = await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } });
    expect(notified.notifiedAt).toBeInstanceOf(Date);
  }, 120_000);

  it('completes a job killed midway after a restart, resending the unconfirmed e-mail as the same message', async () => {
    const first = startWorker();
    const { owner, lead, jobId } = await capturedLead();
    await eventually(() => sink.received.includes(owner.email), 60_000);
    expect(await queue.getJobState(jobId)).toBe('active');

    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    sink.release();
    // Still active: nobody finished it, and nobody has noticed yet that its worker died.
    expect(await queue.getJobState(jobId)).toBe('active');

    const second = startWorker();
    // Its lock expires and the new worker's stalled-job check puts it back in the queue.
    await eventually(async () => (await queue.getJobState(jobId)) === 'completed', 90_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n${second.output()}`);
      },
    );
    const job = (await queue.getJob(jobId))!;
    // The server never confirmed the first e-mail (its answer was held until the worker died),
    // so the rerun, the same job, takes its claim over and sends it again: the contractor is
    // never left without it. Same Message-ID, so mail clients show it once.
    expect(job.returnvalue).toMatchObject(SENT);
    await sleep(1000);
    const sent = sink.received.flatMap((to, index) =>
      to === owner.email ? [sink.messageIds[index]] : [],
    );
    expect(sent).toEqual([expect.stringContaining(`new-lead.${lead.id}@`), sent[0]]);
    const notified = await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } });
    expect(notified).toMatchObject({ notifiedAt: expect.any(Date), notifyClaim: null });
    expect(await queue.getJobCounts('active', 'failed')).toEqual({ active: 0, failed: 0 });
  }, 180_000);
});
