import {
  type ChallengeRequired,
  type FormTokenResponse,
  MIN_FILL_TIME_MS,
  type ProofOfWorkChallenge,
} from '@rafter/domain/lead';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { createHmac } from 'node:crypto';
import { PrismaService } from '../src/core/database/prisma.service';
import { FormTokenService } from '../src/modules/leads/form-token.service';
import { leadInput } from './factories/lead-payload.factory';
import { createOwner } from './factories/owner.factory';
import { sleep } from './utils/async';
import { createTestApp, type TestApp } from './utils/create-app';
import { fetchFormToken, formToken } from './utils/form-token';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What the widget's solver sends: the challenge and its solution, base64 JSON. */
async function solve(challenge: ProofOfWorkChallenge): Promise<string> {
  const solution = await solveChallenge({
    challenge: challenge as unknown as Challenge,
    deriveKey,
  });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The token's claims, as anyone holding it can read them (they are signed, not secret). */
function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe('form tokens on quote requests', () => {
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    // The limits per IP and contractor have their own spec; one test client sends every request.
    t = await createTestApp({
      RATE_LIMIT_CAPTURE_PER_IP: '0',
      RATE_LIMIT_CAPTURE_PER_OWNER: '0',
      FORM_BURST_PER_MINUTE: '0',
      FORM_TOKEN_TTL_MINUTES: '120',
    });
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
  });

  const capture = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/capture-lead', payload });

  it("no longer lets ten scripted requests fill a Starter contractor's month: nothing is stored, and a homeowner's request after them arrives unlocked", async () => {
    const { id: ownerId } = await createOwner(prisma, { plan: 'starter' });
    // What a script sends knowing only the owner id from the embed code.
    for (let i = 0; i < 10; i++) {
      const response = await capture({
        ownerId,
        lead: leadInput({ lastName: `Script${i}` }),
        website: '',
        startedAt: Date.now() - 60_000,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().id).toMatch(UUID);
    }
    expect(await prisma.lead.count({ where: { ownerId } })).toBe(0);

    // The homeowner's widget fetched its token when it loaded, and they took their time.
    const { token } = await fetchFormToken(t.app, ownerId);
    await sleep(MIN_FILL_TIME_MS + 100);
    const response = await capture({ ownerId, lead: leadInput(), website: '', formToken: token });
    expect(response.statusCode).toBe(201);
    const stored = await prisma.lead.findMany({ where: { ownerId } });
    expect(stored).toEqual([
      expect.objectContaining({ id: response.json().id, locked: false, lockedReason: null }),
    ]);
  });

  it('issues a signed token carrying the contractor, the start, the issue time and a nonce', async () => {
    const { id: ownerId } = await createOwner(prisma);
    const before = Date.now();
    const response = await t.app.inject({ url: `/api/form-token?ownerId=${ownerId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<FormTokenResponse>();
    expect(body).toEqual({
      token: expect.stringMatching(/^v1\./),
      expiresIn: 7200,
      challenge: null,
    });
    const claims = claimsOf(body.token);
    expect(claims).toEqual({
      o: ownerId,
      s: expect.any(Number),
      i: expect.any(Number),
      e: (claims.i as number) + 7200_000,
      n: expect.stringMatching(/^[\w-]{22}$/),
    });
    expect(claims.s).toBe(claims.i);
    expect(claims.i).toBeGreaterThanOrEqual(before);
    // The main site's token carries no contractor.
    expect(claimsOf((await fetchFormToken(t.app, null)).token).o).toBeNull();
  });

  it('answers 400 naming the field for a malformed owner id', async () => {
    const response = await t.app.inject({ url: '/api/form-token?ownerId=owner-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ ownerId: 'Owner id must be a valid id' });
  });

  it('lets a renewed token keep the start of the one it replaces, for the same calculator only', async () => {
    const { id: ownerId } = await createOwner(prisma);
    const first = formToken(t.app, ownerId, 90_000);
    const renewed = await fetchFormToken(t.app, ownerId, first);
    expect(claimsOf(renewed.token).s).toBe(claimsOf(first).s);
    expect(claimsOf(renewed.token).n).not.toBe(claimsOf(first).n);
    // Renewed right away and sent at once: still a person who took 90 s.
    const response = await capture({ ownerId, lead: leadInput(), formToken: renewed.token });
    expect(await prisma.lead.count({ where: { id: response.json().id } })).toBe(1);

    const { id: otherOwner } = await createOwner(prisma);
    const elsewhere = await fetchFormToken(t.app, otherOwner, first);
    expect(claimsOf(elsewhere.token).s).toBe(claimsOf(elsewhere.token).i);
    const forged = `${first.slice(0, -4)}AAAA`;
    const fromForged = await fetchFormToken(t.app, ownerId, forged);
    expect(claimsOf(fromForged.token).s).toBe(claimsOf(fromForged.token).i);
  });

  it('is described in the OpenAPI document: the token route, the token on both quote routes and their 428', async () => {
    const { paths, components } = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    expect(paths['/api/form-token']!.get!.responses['200']).toBeDefined();
    for (const route of ['/api/capture-lead', '/api/main-site-leads']) {
      expect(paths[route]!.post!.responses['428']).toBeDefined();
    }
    for (const dto of ['CaptureLeadDto', 'MainSiteLeadDto']) {
      expect(Object.keys(components.schemas[dto]!.properties!)).toEqual(
        expect.arrayContaining(['formToken', 'challengeSolution']),
      );
    }
    expect(paths['/api/leads/{id}/spam']!.patch!.responses['200']).toBeDefined();
  });

  describe('a request is taken for a bot (201, nothing stored) when its token', () => {
    it('was used before: the first request is stored, the replay is not', async () => {
      const { id: ownerId } = await createOwner(prisma);
      const token = formToken(t.app, ownerId);
      const first = await capture({ ownerId, lead: leadInput(), formToken: token });
      const replay = await capture({ ownerId, lead: leadInput(), formToken: token });
      expect([first.statusCode, replay.statusCode]).toEqual([201, 201]);
      expect(replay.json().id).not.toBe(first.json().id);
      const stored = await prisma.lead.findMany({ where: { ownerId }, select: { id: true } });
      expect(stored).toEqual([{ id: first.json().id }]);
    });

    it('is replayed in parallel: one of the requests is stored', async () => {
      const { id: ownerId } = await createOwner(prisma);
      const token = formToken(t.app, ownerId);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => capture({ ownerId, lead: leadInput(), formToken: token })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(await prisma.lead.count({ where: { ownerId } })).toBe(1);
    });

    it.each<[string, (ownerId: string) => string]>([
      [
        'has expired',
        (ownerId) =>
          t.app
            .get(FormTokenService)
            .signFor(
              ownerId,
              new Date(Date.now() - 3 * 3600_000),
              new Date(Date.now() - 2.1 * 3600_000),
            ),
      ],
      ['has a forged signature', (ownerId) => `${formToken(t.app, ownerId).slice(0, -4)}AAAA`],
      [
        'had its claims changed after signing',
        (ownerId) => {
          const [version, , signature] = formToken(t.app, ownerId).split('.');
          const claims = { o: ownerId, s: 0, i: Date.now(), e: Date.now() + 3600_000, n: 'x' };
          return `${version}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
        },
      ],
      [
        'was signed with another key',
        (ownerId) => {
          const claims = { o: ownerId, s: 0, i: Date.now(), e: Date.now() + 3600_000, n: 'x' };
          const body = `v1.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
          return `${body}.${createHmac('sha256', 'not-the-key').update(body).digest('base64url')}`;
        },
      ],
      ['is for another contractor', () => formToken(t.app, '7d3f6a52-41c8-4c8e-9a57-0f6f2f6c1b11')],
      ["is the main site's", () => formToken(t.app, null)],
      ['is not a token at all', () => 'hello'],
      [
        'was issued a moment ago (too fast for a person)',
        (ownerId) => formToken(t.app, ownerId, 0),
      ],
    ])('%s', async (_case, tokenFor) => {
      const { id: ownerId } = await createOwner(prisma);
      const response = await capture({ ownerId, lead: leadInput(), formToken: tokenFor(ownerId) });
      expect(response.statusCode).toBe(201);
      expect(response.json().id).toMatch(UUID);
      expect(await prisma.lead.count({ where: { ownerId } })).toBe(0);
    });

    it("is a contractor's, on the main site", async () => {
      const { id: ownerId } = await createOwner(prisma);
      const before = await prisma.mainSiteLead.count();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/main-site-leads',
        payload: { lead: leadInput(), formToken: formToken(t.app, ownerId) },
      });
      expect(response.statusCode).toBe(201);
      expect(await prisma.mainSiteLead.count()).toBe(before);
    });
  });

  it('takes one main-site quote request per main-site token', async () => {
    const token = formToken(t.app, null);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/main-site-leads',
        payload: { lead: leadInput({ lastName: 'OncePerToken' }), formToken: token },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    expect(await prisma.mainSiteLead.count({ where: { lastName: 'OncePerToken' } })).toBe(1);
  });
});

describe('form tokens under a burst of requests for one calculator', () => {
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_CAPTURE_PER_IP: '0',
      RATE_LIMIT_CAPTURE_PER_OWNER: '0',
      FORM_BURST_PER_MINUTE: '4',
      // A quick challenge: the test proves the exchange, not the difficulty.
      FORM_CHALLENGE_MAX_NUMBER: '20',
    });
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
  });

  const capture = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/capture-lead', payload });

  /**
   * Sends quote requests with valid tokens, as a script with harvested tokens would, until one is
   * answered with a challenge (the 5th within a minute; a few more when they straddle a minute).
   * The ones before are stored: they were under the threshold.
   */
  async function burst(ownerId: string): Promise<number> {
    for (let sent = 1; sent <= 12; sent++) {
      const response = await capture({
        ownerId,
        lead: leadInput({ lastName: `Burst${sent}` }),
        formToken: formToken(t.app, ownerId),
      });
      if (response.statusCode === 428) return sent;
      expect(response.statusCode).toBe(201);
    }
    throw new Error('no challenge after 12 requests');
  }

  it('counts requests arriving together one by one: those past the threshold are asked for a challenge', async () => {
    const { id: ownerId } = await createOwner(prisma);
    const minute = () => Math.floor(Date.now() / 60_000);
    const started = minute();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        capture({
          ownerId,
          lead: leadInput({ lastName: `Together${index}` }),
          formToken: formToken(t.app, ownerId),
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    const stored = await prisma.lead.count({ where: { ownerId } });
    expect(stored).toBe(statuses.filter((status) => status === 201).length);
    expect(statuses.filter((status) => status !== 201 && status !== 428)).toEqual([]);
    // 4 a minute: the 5th and later are over it, unless the requests straddled two minutes.
    if (minute() === started) expect(stored).toBe(4);
    else expect(stored).toBeGreaterThanOrEqual(4);
  });

  it('asks for a solved challenge instead of refusing, and stores the request once it is solved', async () => {
    const { id: ownerId } = await createOwner(prisma);
    const calm = await fetchFormToken(t.app, ownerId);
    expect(calm.challenge).toBeNull();
    // A homeowner's widget loaded before the burst (its token carries no challenge).
    const early = formToken(t.app, ownerId);
    // Past 4 requests a minute the calculator is under a burst: the request over it is asked
    // for a solved challenge, and new tokens come with one, bound to them.
    const sent = await burst(ownerId);
    expect(await prisma.lead.count({ where: { ownerId } })).toBe(sent - 1);
    const withChallenge = await fetchFormToken(t.app, ownerId, formToken(t.app, ownerId));
    expect(withChallenge.challenge).toEqual({
      parameters: expect.objectContaining({
        algorithm: 'PBKDF2/SHA-256',
        data: { nonce: claimsOf(withChallenge.token).n },
      }),
      signature: expect.any(String),
    });
    // Another calculator is not affected.
    const { id: calmOwner } = await createOwner(prisma);
    expect((await fetchFormToken(t.app, calmOwner)).challenge).toBeNull();

    // The early homeowner is asked to solve one, not refused; nothing is stored yet.
    const asked = await capture({ ownerId, lead: leadInput(), formToken: early });
    expect(asked.statusCode).toBe(428);
    const { challenge, code } = asked.json<ChallengeRequired & { code: string }>();
    expect(code).toBe('challenge_required');
    expect(challenge.parameters).toMatchObject({ data: { nonce: claimsOf(early).n } });
    expect(await prisma.lead.count({ where: { ownerId } })).toBe(sent - 1);

    // A solution to another token's challenge does not do.
    const otherSolution = await solve(withChallenge.challenge!);
    const borrowed = await capture({
      ownerId,
      lead: leadInput(),
      formToken: early,
      challengeSolution: otherSolution,
    });
    expect(borrowed.statusCode).toBe(428);

    // Solved: the same request with the same (still unspent) token is stored.
    const solved = await capture({
      ownerId,
      lead: leadInput(),
      formToken: early,
      challengeSolution: await solve(challenge),
    });
    expect(solved.statusCode).toBe(201);
    expect(await prisma.lead.count({ where: { id: solved.json().id } })).toBe(1);
    // Spent now: the same token and solution again are a replay, dropped.
    const replay = await capture({
      ownerId,
      lead: leadInput(),
      formToken: early,
      challengeSolution: await solve(challenge),
    });
    expect(replay.statusCode).toBe(201);
    expect(await prisma.lead.count({ where: { id: replay.json().id } })).toBe(0);

    // A token that came with its challenge goes through once solved in the background.
    const background = await capture({
      ownerId,
      lead: leadInput(),
      formToken: withChallenge.token,
      challengeSolution: otherSolution,
    });
    expect(background.statusCode).toBe(201);
    expect(await prisma.lead.count({ where: { id: background.json().id } })).toBe(1);
  });

  it('refuses a tampered or unsolved solution with another challenge, storing nothing', async () => {
    const { id: ownerId } = await createOwner(prisma);
    const sent = await burst(ownerId);
    const token = formToken(t.app, ownerId);
    const asked = await capture({ ownerId, lead: leadInput(), formToken: token });
    expect(asked.statusCode).toBe(428);
    const { challenge } = asked.json<ChallengeRequired>();
    const wrong = Buffer.from(
      JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } }),
    ).toString('base64');
    for (const challengeSolution of [wrong, 'not base64 json', '']) {
      const response = await capture({
        ownerId,
        lead: leadInput(),
        formToken: token,
        challengeSolution,
      });
      expect(response.statusCode).toBe(428);
    }
    expect(await prisma.lead.count({ where: { ownerId } })).toBe(sent - 1);
  });
});

describe('form tokens with Redis down', () => {
  let t: TestApp;
  let prisma: PrismaService;

  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', FORM_BURST_PER_MINUTE: '1' });
    prisma = t.app.get(PrismaService);
  });

  afterAll(async () => {
    await t.close();
  });

  it('still issues tokens and stores the request of a validly signed, unexpired one, even twice', async () => {
    const { id: ownerId } = await createOwner(prisma);
    const issued = await fetchFormToken(t.app, ownerId);
    expect(issued.challenge).toBeNull();
    const token = formToken(t.app, ownerId);
    // Without Redis a token cannot be marked spent: a real homeowner's request is worth more
    // than stopping a replay (docs/security.md). The burst threshold of 1 cannot apply either.
    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/capture-lead',
        payload: { ownerId, lead: leadInput(), formToken: token },
      });
      expect(response.statusCode).toBe(201);
      expect(await prisma.lead.count({ where: { id: response.json().id } })).toBe(1);
    }
  });

  it('still drops a request without a valid token (the signature needs no Redis)', async () => {
    const { id: ownerId } = await createOwner(prisma);
    for (const payload of [
      { ownerId, lead: leadInput() },
      { ownerId, lead: leadInput(), formToken: `${formToken(t.app, ownerId).slice(0, -4)}AAAA` },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/capture-lead', payload });
      expect(response.statusCode).toBe(201);
    }
    expect(await prisma.lead.count({ where: { ownerId } })).toBe(0);
  });
});
