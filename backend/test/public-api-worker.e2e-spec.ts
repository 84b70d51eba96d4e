import { type CreatedApiKey } from '@rafter/domain/api-keys';
import { type LeadDetail } from '@rafter/domain/crm';
import { PrismaService } from '../src/core/database/prisma.service';
import { createAccount } from './factories/account.factory';
import { eventually } from './utils/async';
import { startTestStack, type TestStack } from './utils/stack';

/**
 * With the worker running: a lead created through the public API past the plan's allowance is
 * stored locked like any other, and deleting a lead (`lead.deleted`, written with the delete)
 * gives its place in the month back, so the worker unlocks the oldest locked lead.
 */

let stack: TestStack;
let prisma: PrismaService;

beforeAll(async () => {
  stack = await startTestStack({
    RATE_LIMIT_AUTH_PER_IP: '0',
    RATE_LIMIT_AUTH_PER_EMAIL: '0',
  });
  prisma = stack.prisma;
});

afterAll(async () => {
  await stack?.close();
});

const NEW_LEAD = {
  firstName: 'Phone',
  lastName: 'Caller',
  email: 'caller@example.com',
  phone: '(512) 555-0188',
  address: '5 Elm St, Austin, TX 78701, USA',
  zipCode: '78701',
  ownership: 'owner',
  material: 'metal',
  stories: 'one',
  roofArea: 1800,
};

it('locks an API lead past the allowance and unlocks it when another lead is deleted', async () => {
  const account = await createAccount(stack.prisma);
  await prisma.subscription.create({
    data: { userId: account.id, plan: 'smart', status: 'active', currentPeriodEnd: null },
  });
  // The month's 50 leads (Smart), arrived earlier today.
  await prisma.lead.createMany({
    data: Array.from({ length: 50 }, (_, index) => ({
      ownerId: account.id,
      firstName: 'Earlier',
      lastName: `Lead${index}`,
      email: `earlier${index}@example.com`,
      phone: '5125550100',
      address: `${index} Main St, Austin, TX 78701`,
      zipCode: '78701',
      ownership: 'owner' as const,
      material: 'asphalt' as const,
      stories: 'one' as const,
    })),
  });
  const signIn = await stack.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: account.email, password: 'correct-horse-9' },
  });
  const token = signIn.json<{ accessToken: string }>().accessToken;
  const created = await stack.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'Phone system', scopes: ['leads:read', 'leads:write'] },
  });
  const { key } = created.json<CreatedApiKey>();
  const auth = { authorization: `Bearer ${key}` };

  const response = await stack.app.inject({
    method: 'POST',
    url: '/api/v1/leads',
    headers: auth,
    payload: NEW_LEAD,
  });
  expect(response.statusCode).toBe(201);
  const lead = response.json<LeadDetail>();
  expect(lead).toMatchObject({
    source: 'api',
    locked: true,
    lockedReason: 'monthly_limit',
    name: 'Locked lead',
    email: null,
  });

  const earlier = await prisma.lead.findFirstOrThrow({
    where: { ownerId: account.id, lastName: 'Lead0' },
  });
  const deleted = await stack.app.inject({
    method: 'DELETE',
    url: `/api/v1/leads/${earlier.id}`,
    headers: auth,
  });
  expect(deleted.statusCode).toBe(204);
  await eventually(async () => {
    const row = await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } });
    return !row.locked;
  });
  const detail = await stack.app.inject({ url: `/api/v1/leads/${lead.id}`, headers: auth });
  expect(detail.json<LeadDetail>()).toMatchObject({ name: 'Phone Caller', locked: false });
  const outbox = await prisma.outboxEvent.findFirstOrThrow({ where: { topic: 'lead.deleted' } });
  await eventually(
    async () =>
      (await prisma.outboxEvent.findUniqueOrThrow({ where: { id: outbox.id } })).publishedAt !==
      null,
  );
});
