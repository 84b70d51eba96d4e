import { type WebhookEndpointWithSecret } from '@rafter/domain/webhooks';
import { createServer, type Server, type Socket } from 'node:net';
import { SessionsService } from '../src/modules/auth/sessions.service';
import { leadInput } from './factories/lead-payload.factory';
import { createOwner } from './factories/owner.factory';
import { eventually } from './utils/async';
import { formToken } from './utils/form-token';
import { startTestStack, type TestStack } from './utils/stack';
import { type Receiver, startReceiver } from './utils/webhook-receiver';

/**
 * One contractor's receivers cannot slow down anyone else (docs/webhooks.md, "Fairness"): a
 * contractor may point its endpoints at a server that accepts the connection and never answers,
 * then make many events. Its deliveries then hold their slots for the whole timeout, and nothing
 * else may wait for them: not the worker's other jobs (every contractor's new-lead e-mail runs on
 * the same queue), not other contractors' webhooks.
 */

/** A receiver that takes every request and never answers: each attempt waits for the timeout. */
async function startSilentReceiver() {
  const sockets = new Set<Socket>();
  let open = 0;
  let mostOpen = 0;
  let requests = 0;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => {
      // One request a connection (keep-alive never gets to a second: there is no answer).
      if (chunk.toString('latin1').startsWith('POST ')) {
        requests += 1;
        open += 1;
        mostOpen = Math.max(mostOpen, open);
        socket.once('close', () => (open -= 1));
      }
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    requests: () => requests,
    /** The most requests it held at once. */
    mostOpen: () => mostOpen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const TIMEOUT_MS = 8_000;

let stack: TestStack;
let receiver: Receiver;
let silent: Awaited<ReturnType<typeof startSilentReceiver>>;

async function contractor() {
  const owner = await createOwner(stack.prisma, { plan: 'instant' });
  const { session } = await stack.app.get(SessionsService).issue(owner.id, {});
  return { ...owner, token: session.accessToken };
}

async function endpoint(token: string, url: string): Promise<WebhookEndpointWithSecret> {
  const response = await stack.app.inject({
    method: 'POST',
    url: '/api/webhook-endpoints',
    headers: { authorization: `Bearer ${token}` },
    payload: { url, events: ['lead.created'] },
  });
  expect(response.statusCode).toBe(201);
  return response.json<WebhookEndpointWithSecret>();
}

async function capture(ownerId: string, firstName: string): Promise<void> {
  const response = await stack.app.inject({
    method: 'POST',
    url: '/api/capture-lead',
    payload: {
      ownerId,
      lead: leadInput({ firstName, lastName: 'Whitfield' }),
      formToken: formToken(stack.app, ownerId),
    },
  });
  expect(response.statusCode).toBeLessThan(300);
}

beforeAll(async () => {
  receiver = await startReceiver();
  silent = await startSilentReceiver();
  stack = await startTestStack({
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    // Small pools, so that a handful of events fills them.
    WORKER_CONCURRENCY: '4',
    WEBHOOK_CONCURRENCY: '6',
    WEBHOOK_OWNER_CONCURRENCY: '3',
    RATE_LIMIT_CAPTURE_PER_IP: '0',
    RATE_LIMIT_CAPTURE_PER_OWNER: '0',
    FORM_BURST_PER_MINUTE: '0',
  });
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await silent?.close();
  await receiver?.close();
}, 30_000);

it("a contractor's receivers that never answer hold up neither another contractor's new-lead e-mail nor its webhooks", async () => {
  const attacker = await contractor();
  const other = await contractor();
  // Two silent endpoints: every new lead of the attacker's makes two deliveries that each wait
  // for the whole timeout.
  await endpoint(attacker.token, silent.url('/one'));
  await endpoint(attacker.token, silent.url('/two'));
  await endpoint(other.token, receiver.url('/other'));

  // More events than the worker runs jobs at once, and more deliveries than it sends at once.
  for (let index = 0; index < 8; index += 1) await capture(attacker.id, `Flood${index}`);
  await eventually(() => silent.requests() >= 3, 5_000);

  const started = Date.now();
  await capture(other.id, 'Dana');
  // The other contractor's webhook and e-mail come in well within the attacker's timeout.
  await eventually(() => receiver.at('/other').length > 0, TIMEOUT_MS - 2_000);
  const mail = await eventually(
    () => stack.sink.to(other.email).find((m) => m.subject.startsWith('New lead: Dana Whitfield')),
    TIMEOUT_MS - 2_000,
  );
  expect(mail).toBeDefined();
  expect(receiver.at('/other')[0]!.at - started).toBeLessThan(TIMEOUT_MS / 2);

  // The attacker's deliveries never held more than its share of the slots.
  expect(silent.mostOpen()).toBeLessThanOrEqual(3);
}, 40_000);

it('every delivery to a silent receiver is attempted, timed out and kept for a retry; none is lost', async () => {
  const owner = await contractor();
  const hook = await endpoint(owner.token, silent.url('/kept'));
  for (let index = 0; index < 4; index += 1) await capture(owner.id, `Kept${index}`);
  // Four deliveries and a limit of three: the fourth goes out when one of the first three ends.
  const rows = await eventually(async () => {
    const found = await stack.prisma.webhookDelivery.findMany({
      where: { endpointId: hook.id },
      include: { attemptLog: true },
    });
    return found.length === 4 && found.every((row) => row.attemptLog.length > 0) && found;
  }, 3 * TIMEOUT_MS);
  for (const row of rows) {
    expect(row.state).toBe('pending');
    expect(row.attemptLog[0]).toMatchObject({
      attempt: 1,
      ok: false,
      statusCode: null,
      error: `No answer within ${TIMEOUT_MS} ms`,
    });
  }
}, 40_000);
