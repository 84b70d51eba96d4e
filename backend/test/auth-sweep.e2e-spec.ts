import { getQueueToken } from '@nestjs/bullmq';
import { randomBytes, randomUUID } from 'node:crypto';
import { type Queue } from 'bullmq';
import { QUEUES } from '../src/core/queue/jobs';
import { SWEEP_EXPIRED_CREDENTIALS } from '../src/modules/auth/jobs/sweep-expired-credentials.job';
import { createAccount } from './factories/account.factory';
import { createLeads } from './factories/owner.factory';
import { eventually } from './utils/async';
import { runScheduledJob } from './utils/scheduled-jobs';
import { startTestStack, type TestStack } from './utils/stack';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('expired sessions and e-mail links', () => {
  let s: TestStack;
  let queue: Queue;

  beforeAll(async () => {
    s = await startTestStack();
    queue = s.worker.get<Queue>(getQueueToken(QUEUES.events));
  });
  afterAll(() => s.close());

  /**
   * Sessions written in one statement: the worker's own scheduled sweep may run at any moment,
   * and must never see a family with only some of its rows.
   */
  async function sessions(userId: string, rows: { familyId: string; expiresInMs: number }[]) {
    const ids = rows.map(() => randomUUID());
    await s.prisma.session.createMany({
      data: rows.map(({ familyId, expiresInMs }, index) => ({
        id: ids[index]!,
        userId,
        familyId,
        tokenHash: randomBytes(32).toString('hex'),
        expiresAt: new Date(Date.now() + expiresInMs),
      })),
    });
    return ids;
  }

  async function emailToken(userId: string, expiresInMs: number, used = false) {
    const row = await s.prisma.emailToken.create({
      data: {
        userId,
        purpose: 'reset_password',
        tokenHash: randomBytes(32).toString('hex'),
        expiresAt: new Date(Date.now() + expiresInMs),
        usedAt: used ? new Date() : null,
      },
      select: { id: true },
    });
    return row.id;
  }

  it('are swept hourly by the worker, keeping every family with a live token', async () => {
    // The worker schedules the sweep after start-up without waiting for Redis, so look until it has.
    const scheduler = await eventually(() => queue.getJobScheduler(SWEEP_EXPIRED_CREDENTIALS));
    expect(scheduler).toMatchObject({ name: SWEEP_EXPIRED_CREDENTIALS, every: HOUR });

    const { id: userId } = await createAccount(s.prisma);
    const deadFamily = randomUUID();
    // A family rotated long ago whose newest token is still valid: its spent rows stay, since
    // presenting one of them must still revoke the family. The last one expired an hour ago:
    // within the grace day, kept.
    const liveFamily = randomUUID();
    const ids = await sessions(userId, [
      { familyId: deadFamily, expiresInMs: -40 * DAY },
      { familyId: deadFamily, expiresInMs: -2 * DAY },
      { familyId: liveFamily, expiresInMs: -5 * DAY },
      { familyId: liveFamily, expiresInMs: 20 * DAY },
      { familyId: randomUUID(), expiresInMs: -HOUR },
    ]);
    const [dead, live, recent] = [ids.slice(0, 2), ids.slice(2, 4), ids[4]!];
    const oldTokens = [
      await emailToken(userId, -3 * DAY),
      await emailToken(userId, -2 * DAY, true),
    ];
    const keptTokens = [
      await emailToken(userId, 30 * 60_000),
      await emailToken(userId, -HOUR, true),
    ];

    // This run, to its end: the scheduled one may already have swept the sessions (and not yet
    // the links), so the sessions being gone does not say the links were looked at.
    await runScheduledJob(queue, SWEEP_EXPIRED_CREDENTIALS);

    expect(await s.prisma.session.count({ where: { id: { in: dead } } })).toBe(0);
    const kept = await s.prisma.session.findMany({ where: { userId }, select: { id: true } });
    expect(kept.map((row) => row.id).sort()).toEqual([...live, recent].sort());
    const tokens = await s.prisma.emailToken.findMany({ where: { userId }, select: { id: true } });
    expect(tokens.map((row) => row.id).sort()).toEqual([...keptTokens].sort());
    expect(await s.prisma.emailToken.count({ where: { id: { in: oldTokens } } })).toBe(0);
  });

  it("deletes accounts never confirmed within the link's lifetime, so the address's owner can sign up", async () => {
    const squatted = `owner-${randomUUID()}@roofers.test`;
    const signUp = (email: string, password: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { fullName: 'Someone', email, password },
      });
    expect((await signUp(squatted, 'squatter-secret-81')).statusCode).toBe(201);
    const squat = await s.prisma.user.findUniqueOrThrow({ where: { email: squatted } });
    // The worker mails the confirmation link (creating its token) shortly after sign-up.
    await eventually(
      async () => (await s.prisma.emailToken.count({ where: { userId: squat.id } })) > 0,
    );
    // A day and an hour later: the link has expired, nobody confirmed.
    const backdate = async (userId: string, ageMs: number) => {
      await s.prisma.user.update({
        where: { id: userId },
        data: { createdAt: new Date(Date.now() - ageMs) },
      });
      await s.prisma.emailToken.updateMany({
        where: { userId },
        data: { expiresAt: new Date(Date.now() - ageMs + DAY) },
      });
    };
    await backdate(squat.id, DAY + HOUR);
    expect((await signUp(squatted, 'owners-own-secret-5')).statusCode).toBe(409);

    const recent = await createAccount(s.prisma, { confirmed: false });
    await s.prisma.user.update({
      where: { id: recent.id },
      data: { createdAt: new Date(Date.now() - 23 * HOUR) },
    });
    // Asked for a new link yesterday evening: the old account waits for that one.
    const resent = await createAccount(s.prisma, { confirmed: false });
    await backdate(resent.id, 3 * DAY);
    const confirmation = await s.prisma.emailToken.create({
      data: {
        userId: resent.id,
        purpose: 'confirm_email',
        tokenHash: randomBytes(32).toString('hex'),
        expiresAt: new Date(Date.now() + 5 * HOUR),
      },
    });
    const confirmed = await createAccount(s.prisma);
    await backdate(confirmed.id, 30 * DAY);
    // Unconfirmed, old, but with leads: nothing of value is thrown away.
    const withLeads = await createAccount(s.prisma, { confirmed: false });
    await backdate(withLeads.id, 30 * DAY);
    await createLeads(s.prisma, withLeads.id, 1);

    await queue.add(SWEEP_EXPIRED_CREDENTIALS, {}, { jobId: `sweep-${randomUUID()}` });
    await eventually(async () => (await s.prisma.user.count({ where: { id: squat.id } })) === 0);
    const kept = await s.prisma.user.findMany({
      where: { id: { in: [recent.id, resent.id, confirmed.id, withLeads.id] } },
      select: { id: true },
    });
    expect(kept).toHaveLength(4);
    expect(await s.prisma.emailToken.count({ where: { id: confirmation.id } })).toBe(1);

    const owners = await signUp(squatted, 'owners-own-secret-5');
    expect(owners.statusCode).toBe(201);
  });
});
