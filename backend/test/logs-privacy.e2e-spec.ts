import { toServiceAreas } from '@rafter/domain/service-area';
import { PrismaService } from '../src/core/database/prisma.service';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { eventually } from './utils/async';
import { captureStdout } from './utils/capture-logs';
import { startTestStack, type TestStack } from './utils/stack';
import { formToken } from './utils/form-token';

/**
 * A lead's whole life with production logging on (api and worker, pino at debug): captured from
 * the widget and from the main site, distributed, e-mailed, searched, worked in the CRM, noted,
 * exported. The logs must tell operators what happened (ids, paths, statuses) without a
 * homeowner's name, e-mail, phone or street, a note's text, or a contractor's token or password.
 */

let s: TestStack;
let logs: ReturnType<typeof captureStdout>;
let prisma: PrismaService;

const HOMEOWNER = {
  firstName: 'Philippa',
  lastName: 'Quarrington',
  email: 'philippa.quarrington@example.com',
  phone: '(737) 555-0142',
  address: '4187 Larkspur Hollow, Austin, TX 78701, USA',
};
const MAIN_SITE = {
  firstName: 'Bartholomew',
  lastName: 'Featherstonehaugh',
  email: 'bart.feather@example.com',
  phone: '(512) 555-0187',
  address: '2290 Wildflower Bend, Austin, TX 78701, USA',
};
const NOTE = 'Gate code 8841, dog named Biscuit';
const PASSWORD = 'correct-horse-9';

beforeAll(async () => {
  logs = captureStdout();
  s = await startTestStack(
    {
      RATE_LIMIT_AUTH_PER_IP: '0',
      RATE_LIMIT_AUTH_PER_EMAIL: '0',
      RATE_LIMIT_CAPTURE_PER_IP: '0',
    },
    { logger: true },
  );
  prisma = s.prisma;
});

afterAll(async () => {
  await s?.close();
  logs?.stop();
});

it('keep ids, paths and outcomes, and no personal data or secrets', async () => {
  const owner = await createAccount(prisma, { password: PASSWORD });
  await prisma.subscription.create({
    data: { userId: owner.id, plan: 'instant', status: 'active', currentPeriodEnd: null },
  });
  await prisma.businessProfile.create({
    data: {
      userId: owner.id,
      businessName: 'Hill Country Roofing',
      areasOfService: toServiceAreas(['78701']),
    },
  });
  const signIn = await s.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: owner.email, password: PASSWORD },
  });
  expect(signIn.statusCode).toBe(200);
  const { accessToken } = signIn.json<{ accessToken: string }>();
  const refreshCookie = String(signIn.headers['set-cookie']).split(';')[0]!.split('=')[1]!;
  const auth = { authorization: `Bearer ${accessToken}` };

  const captured = await s.app.inject({
    method: 'POST',
    url: '/api/capture-lead',
    payload: {
      ownerId: owner.id,
      lead: leadInput(HOMEOWNER),
      website: '',
      formToken: formToken(s.app, owner.id),
    },
  });
  expect(captured.statusCode).toBe(201);
  const leadId = captured.json<{ id: string }>().id;
  const mainSite = await s.app.inject({
    method: 'POST',
    url: '/api/main-site-leads',
    payload: { lead: leadInput(MAIN_SITE), website: '', formToken: formToken(s.app, null) },
  });
  expect(mainSite.statusCode).toBe(201);

  // The worker e-mails the widget lead and hands the main-site one to this contractor.
  await eventually(async () => {
    const leads = await prisma.lead.findMany({ where: { ownerId: owner.id } });
    return leads.length === 2 && leads.every((lead) => lead.notifiedAt !== null);
  });
  await eventually(() => s.sink.messages.length >= 2);

  const search = `/api/leads?q=${encodeURIComponent(HOMEOWNER.email)}`;
  expect((await s.app.inject({ url: search, headers: auth })).statusCode).toBe(200);
  expect(
    (
      await s.app.inject({
        method: 'PATCH',
        url: `/api/leads/${leadId}/status`,
        headers: auth,
        payload: { status: 'contacted' },
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await s.app.inject({
        method: 'POST',
        url: `/api/leads/${leadId}/notes`,
        headers: auth,
        payload: { body: NOTE },
      })
    ).statusCode,
  ).toBe(201);
  const exported = await s.app.inject({ url: '/api/leads/export?format=csv', headers: auth });
  expect(exported.body).toContain(HOMEOWNER.email);
  // A refused request with personal data in it is not echoed to the logs either.
  await s.app.inject({
    method: 'POST',
    url: '/api/capture-lead',
    payload: { ownerId: owner.id, lead: { ...leadInput(HOMEOWNER), zipCode: 'nope' } },
  });

  const text = logs.text();
  // The logs say what happened…
  expect(text).toContain(leadId);
  expect(text).toMatch(/"msg":"Lead captured"/);
  expect(text).toMatch(/"path":"\/api\/leads\/export"/);
  // …without who it happened to.
  const secrets = [
    ...Object.values(HOMEOWNER),
    ...Object.values(MAIN_SITE),
    HOMEOWNER.address.split(',')[0]!,
    MAIN_SITE.address.split(',')[0]!,
    NOTE,
    PASSWORD,
    accessToken,
    refreshCookie,
    owner.email,
  ];
  for (const secret of secrets) {
    expect({ secret, logged: text.includes(secret) }).toEqual({ secret, logged: false });
  }
});
