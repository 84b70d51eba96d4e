import { getQueueToken } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { formatEstimateRange, formatUsd } from '@rafter/domain/estimate';
import { type Job, type Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrismaService } from '../src/core/database/prisma.service';
import { type AppConfig, loadConfig } from '../src/config/config';
import { DevMailbox } from '../src/core/mailer/dev-mailbox';
import { MailDeliveryError } from '../src/core/mailer/mail-message';
import { MailerService } from '../src/core/mailer/mailer.service';
import { OutboxService } from '../src/core/outbox/outbox.service';
import { QUEUES } from '../src/core/queue/jobs';
import { type Prisma } from '../src/generated/prisma/client';
import { NotificationsRepository } from '../src/modules/notifications/notifications.repository';
import { closeWorker, createWorker } from '../src/worker.factory';
import { createTestApp, type TestApp } from './utils/create-app';
import { createTestDatabase, testRedisPrefix } from './utils/database';
import { startSmtpSink, type SmtpSink } from './utils/smtp-sink';
import { eventually, sleep, withEnv } from './utils/async';

const LEAD_CAPTURED = 'lead.captured';

/**
 * What the new-lead e-mail's handler returned: `lead.captured` has several handlers (the e-mail,
 * webhooks), so its job returns each one's result under the handler's name.
 */
function notified(job: Job): { outcome: string } {
  return (job.returnvalue as Record<string, { outcome: string }>)['NotifyNewLeadJob.run']!;
}

const PUBLIC_URL = 'https://rafter.test';

/** A worker on its own database and queue prefix, built exactly as production builds it. */
async function startWorker(env: Record<string, string> = {}) {
  const db = await createTestDatabase();
  const worker = await withEnv(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      QUEUE_PREFIX: testRedisPrefix(),
      OUTBOX_POLL_INTERVAL_MS: '100',
      PUBLIC_URL,
      ...env,
    },
    () => createWorker({ logger: false }),
  );
  return {
    db,
    worker,
    prisma: worker.get(PrismaService),
    queue: worker.get<Queue>(getQueueToken(QUEUES.events), { strict: false }),
    close: async () => {
      await closeWorker(worker);
      await db.drop();
    },
  };
}

type Harness = Awaited<ReturnType<typeof startWorker>>;

interface OwnerOptions {
  notifyNewLeads?: boolean;
}

async function createOwner(prisma: PrismaService, options: OwnerOptions = {}) {
  return prisma.user.create({
    data: {
      email: `owner-${randomUUID()}@roofers.test`,
      fullName: 'Pat Contractor',
      businessProfile: {
        create: { businessName: 'Sunny Roofing', notifyNewLeads: options.notifyNewLeads ?? true },
      },
    },
  });
}

async function createLead(
  prisma: PrismaService,
  ownerId: string,
  data: Partial<Prisma.LeadUncheckedCreateInput> = {},
) {
  return prisma.lead.create({
    data: {
      ownerId,
      firstName: 'Maria',
      lastName: 'Garcia',
      email: 'maria.garcia@homes.test',
      phone: '(512) 555-0142',
      address: '1100 Congress Ave, Austin, TX 78701',
      zipCode: '78701',
      ownership: 'owner',
      isHomeowner: true,
      material: 'asphalt',
      stories: 'two',
      roofArea: 2150,
      estimateLow: 7310,
      estimateMid: 9853,
      estimateHigh: 12_793,
      score: 82,
      ...data,
    },
  });
}

/** Writes the event the way capture-lead does: an outbox row in a transaction. */
function leadCaptured(prisma: PrismaService, payload: { leadId: string; ownerId: string }) {
  return prisma.$transaction((tx) => new OutboxService().add(tx, LEAD_CAPTURED, payload));
}

/** The queued job for an outbox row, once it has finished (completed or failed for good). */
async function settledJob(queue: Queue, outboxId: string): Promise<Job> {
  return eventually(async () => {
    // State first, then the job: a job read before its state changed would be a stale copy.
    const state = await queue.getJobState(outboxId);
    return (state === 'completed' || state === 'failed') && queue.getJob(outboxId);
  }, 30_000);
}

describe('new-lead notifications over SMTP', () => {
  let sink: SmtpSink;
  let h: Harness;

  beforeAll(async () => {
    sink = await startSmtpSink();
    h = await startWorker({ SMTP_URL: sink.url });
  });

  afterAll(async () => {
    await h?.close();
    await sink?.close();
  });

  it("e-mails the contractor once with the homeowner's details, the estimate and a link", async () => {
    const owner = await createOwner(h.prisma);
    const lead = await createLead(h.prisma, owner.id);
    await leadCaptured(h.prisma, { leadId: lead.id, ownerId: owner.id });

    const [mail] = await eventually(() => sink.to(owner.email).length > 0 && sink.to(owner.email));
    const range = formatEstimateRange({ low: 7310, high: 12_793 });
    expect(mail!.subject).toBe(`New lead: Maria Garcia · ${range}`);
    expect(mail!.headers.from).toBe('Rafter <no-reply@rafter.app>');
    const link = `${PUBLIC_URL}/dashboard?tab=leads&lead=${lead.id}`;
    for (const expected of [
      'Maria Garcia',
      'maria.garcia@homes.test',
      '(512) 555-0142',
      '1100 Congress Ave, Austin, TX 78701',
      'Asphalt shingles',
      '2 stories',
      '2,150 sq ft',
      formatUsd(7310),
      formatUsd(9853),
      formatUsd(12_793),
      '82/100',
    ]) {
      expect(mail!.text).toContain(expected);
      expect(mail!.html).toContain(expected);
    }
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail!.html).toContain('#16a34a');

    // Marked notified once the server's acceptance reached the worker.
    await eventually(
      async () =>
        (await h.prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })).notifiedAt !== null,
    );
    await sleep(500);
    expect(sink.to(owner.email)).toHaveLength(1);
  });

  it("hides a locked lead's contact details and says how to unlock it", async () => {
    const owner = await createOwner(h.prisma);
    const lead = await createLead(h.prisma, owner.id, {
      locked: true,
      lockedReason: 'monthly_limit',
    });
    await leadCaptured(h.prisma, { leadId: lead.id, ownerId: owner.id });

    const [mail] = await eventually(() => sink.to(owner.email).length > 0 && sink.to(owner.email));
    expect(mail!.subject).toBe('New lead received — upgrade to see it');
    for (const body of [mail!.text, mail!.html]) {
      for (const hidden of ['Maria', 'Garcia', 'maria.garcia', '555-0142', 'Congress']) {
        expect(body).not.toContain(hidden);
      }
      expect(body).toContain('monthly lead limit reached');
      expect(body).toContain(`${PUBLIC_URL}/dashboard?tab=subscription`);
    }
  });

  it('sends nothing to a contractor who turned new-lead e-mails off', async () => {
    const owner = await createOwner(h.prisma, { notifyNewLeads: false });
    const lead = await createLead(h.prisma, owner.id);
    const outboxId = await leadCaptured(h.prisma, { leadId: lead.id, ownerId: owner.id });

    const job = await settledJob(h.queue, outboxId);
    expect(await job.getState()).toBe('completed');
    expect(notified(job)).toEqual({ outcome: 'notifications-off' });
    expect(sink.to(owner.email)).toHaveLength(0);
  });

  it('sends one e-mail when the same lead is announced twice', async () => {
    const owner = await createOwner(h.prisma);
    const lead = await createLead(h.prisma, owner.id);
    const payload = { leadId: lead.id, ownerId: owner.id };
    const ids = await Promise.all([
      leadCaptured(h.prisma, payload),
      leadCaptured(h.prisma, payload),
    ]);

    const jobs = await Promise.all(ids.map((id) => settledJob(h.queue, id)));
    expect(jobs.map((job) => notified(job).outcome).sort()).toEqual(['already-notified', 'sent']);
    await sleep(300);
    expect(sink.to(owner.email)).toHaveLength(1);
  });

  it('e-mails each lead once when many jobs, repeats included, run together', async () => {
    const owners = [
      await createOwner(h.prisma),
      await createOwner(h.prisma, { notifyNewLeads: false }),
      // No business profile yet: new-lead e-mails are on by default.
      await h.prisma.user.create({
        data: { email: `owner-${randomUUID()}@roofers.test`, fullName: 'New Roofer' },
      }),
    ];
    const leads = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        createLead(h.prisma, owners[index % 3]!.id, { lastName: `Together${index}` }),
      ),
    );
    const announced = await Promise.all(
      [...leads, ...leads].map(async (lead) => ({
        lead,
        outboxId: await leadCaptured(h.prisma, { leadId: lead.id, ownerId: lead.ownerId }),
      })),
    );

    const jobs = await Promise.all(
      announced.map(async ({ lead, outboxId }) => ({
        lead,
        job: await settledJob(h.queue, outboxId),
      })),
    );
    for (const lead of leads) {
      const outcomes = jobs
        .filter((entry) => entry.lead.id === lead.id)
        .map((entry) => notified(entry.job).outcome)
        .sort();
      expect(outcomes).toEqual(
        lead.ownerId === owners[1]!.id
          ? ['notifications-off', 'notifications-off']
          : ['already-notified', 'sent'],
      );
    }
    await sleep(300);
    expect(
      sink
        .to(owners[0]!.email)
        .map((mail) => mail.subject.split(' · ')[0])
        .sort(),
    ).toEqual([0, 3, 6, 9].map((index) => `New lead: Maria Together${index}`).sort());
    expect(sink.to(owners[1]!.email)).toHaveLength(0);
    expect(sink.to(owners[2]!.email)).toHaveLength(4);
  });

  it('claims a lead for one caller only when the same lead is asked for twice at once', async () => {
    const repository = h.worker.get(NotificationsRepository);
    const owner = await createOwner(h.prisma);
    const lead = await createLead(h.prisma, owner.id);
    const claims = await Promise.all([
      repository.claimForNotification(lead.id, 'job-1'),
      repository.claimForNotification(randomUUID(), 'job-2'),
      repository.claimForNotification(lead.id, 'job-3'),
    ]);
    expect(claims.map((claim) => claim.outcome)).toEqual([
      'claimed',
      'lead-not-found',
      'already-notified',
    ]);
    expect(claims[0]).toMatchObject({
      lead: {
        id: lead.id,
        firstName: 'Maria',
        estimateHigh: 12_793,
        owner: { email: owner.email, fullName: 'Pat Contractor', businessName: 'Sunny Roofing' },
      },
    });
    // Another job finds it taken; the job that claimed it may again (its run after a crash).
    expect((await repository.claimForNotification(lead.id, 'job-4')).outcome).toBe(
      'already-notified',
    );
    expect((await repository.claimForNotification(lead.id, 'job-1')).outcome).toBe('claimed');
    await repository.markNotified(lead.id);
    expect((await repository.claimForNotification(lead.id, 'job-1')).outcome).toBe(
      'already-notified',
    );
    expect(
      (await h.prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })).notifiedAt,
    ).not.toBeNull();
  });

  it('retries with backoff when the mail server refuses, and still sends exactly once', async () => {
    const owner = await createOwner(h.prisma);
    const lead = await createLead(h.prisma, owner.id);
    const rejectedBefore = sink.rejected;
    sink.failNext(2);
    const outboxId = await leadCaptured(h.prisma, { leadId: lead.id, ownerId: owner.id });

    const job = await settledJob(h.queue, outboxId);
    expect(await job.getState()).toBe('completed');
    expect(job.attemptsMade).toBeGreaterThanOrEqual(2);
    expect(sink.rejected - rejectedBefore).toBe(2);
    expect(sink.to(owner.email)).toHaveLength(1);
    expect(sink.to(owner.email)[0]!.subject).toMatch(/^New lead: Maria Garcia · /);
  }, 30_000);

  it('keeps a job that can never succeed in the failed list', async () => {
    // The producer refuses such a payload; a row written another way (an older release, by
    // hand) still reaches the worker, which fails it for good.
    await expect(
      h.prisma.$transaction((tx) =>
        new OutboxService().add(tx, LEAD_CAPTURED, { leadId: 'not-a-lead' } as never),
      ),
    ).rejects.toThrow(/leadId|ownerId/);
    const { id: outboxId } = await h.prisma.outboxEvent.create({
      data: { topic: LEAD_CAPTURED, payload: { leadId: 'not-a-lead' } },
    });
    const job = await settledJob(h.queue, outboxId);
    expect(await job.getState()).toBe('failed');
    expect(job.failedReason).toBe('Invalid lead.captured payload');
    expect(await h.queue.getFailed()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: outboxId })]),
    );
  });
});

describe('dev mailbox (no SMTP_URL)', () => {
  let h: Harness;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'rafter-mailbox-'));
    h = await startWorker({ DATA_DIR: dataDir });
  });

  afterAll(async () => {
    await h?.close();
  });

  it('stores the e-mail and shows it at /api/dev/mailbox', async () => {
    const owner = await createOwner(h.prisma);
    const lead = await createLead(h.prisma, owner.id, { firstName: '<script>alert(1)</script>' });
    const outboxId = await leadCaptured(h.prisma, { leadId: lead.id, ownerId: owner.id });
    expect(notified(await settledJob(h.queue, outboxId))).toEqual({ outcome: 'sent' });

    const t: TestApp = await createTestApp({ DATA_DIR: dataDir });
    try {
      const list = await t.app.inject({ url: '/api/dev/mailbox' });
      expect(list.statusCode).toBe(200);
      const entries = list.json() as { id: string; to: string; subject: string; sentAt: string }[];
      expect(entries).toEqual([
        {
          id: expect.any(String),
          to: owner.email,
          subject: expect.stringMatching(/^New lead: <script>alert\(1\)<\/script> Garcia · /),
          sentAt: expect.any(String),
        },
      ]);

      const page = await t.app.inject({ url: `/api/dev/mailbox/${entries[0]!.id}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toMatch(/script-src/);
      expect(page.body).toContain(`lead=${lead.id}`);
      expect(page.body).not.toContain('<script>');
      expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

      expect((await t.app.inject({ url: `/api/dev/mailbox/${randomUUID()}` })).statusCode).toBe(
        404,
      );
      expect((await t.app.inject({ url: '/api/dev/mailbox/..%2F..%2Fetc' })).statusCode).toBe(404);
      const openapi = await t.app.inject({ url: '/api/openapi.json' });
      expect(openapi.json().paths['/api/dev/mailbox']).toBeDefined();
    } finally {
      await t.close();
    }
  });

  it('does not exist in production', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      DATA_DIR: dataDir,
    });
    try {
      const list = await t.app.inject({ url: '/api/dev/mailbox' });
      expect(list.statusCode).toBe(404);
      expect(list.json()).toEqual({ error: 'Not found: GET /api/dev/mailbox' });
      const [entry] = await new DevMailbox(join(dataDir, 'mailbox')).list();
      const page = await t.app.inject({ url: `/api/dev/mailbox/${entry!.id}` });
      expect(page.statusCode).toBe(404);
      const openapi = await t.app.inject({ url: '/api/openapi.json' });
      expect(Object.keys(openapi.json().paths)).not.toContain('/api/dev/mailbox');
      expect(Object.keys(openapi.json().paths)).not.toContain('/api/dev/mailbox/{id}');
    } finally {
      await t.close();
    }
  });
});

describe('MailerService over SMTP', () => {
  let sink: SmtpSink;
  let mailer: MailerService;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    sink = await startSmtpSink();
    const config: AppConfig = loadConfig({
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/rafter_test',
      SMTP_URL: sink.url,
      MAIL_FROM: 'Roof Co <hello@roof.test>',
    });
    mailer = new MailerService(config, new DevMailbox(mkdtempSync(join(tmpdir(), 'unused-'))));
  });

  afterAll(async () => {
    await mailer?.onModuleDestroy();
    await sink?.close();
  });

  const message = {
    to: 'homeowner@homes.test',
    subject: 'Grüße — hello',
    html: '<p>Hello</p>',
    text: 'Hello',
    template: 'test',
  };

  it('sends HTML and text from MAIL_FROM', async () => {
    await mailer.send(message);
    const [mail] = sink.to('homeowner@homes.test');
    expect(mail).toMatchObject({ from: 'hello@roof.test', subject: 'Grüße — hello' });
    expect(mail!.headers.from).toBe('Roof Co <hello@roof.test>');
    expect(mail!.html).toContain('<p>Hello</p>');
    expect(mail!.text).toContain('Hello');
  });

  it('reports a refused message without quoting the recipient', async () => {
    sink.failNext(1);
    const error = await mailer.send(message).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect((error as Error).message).toMatch(/^E-mail delivery failed \(.*451\)$/);
    expect((error as Error).message).not.toContain('homeowner');
  });
});
