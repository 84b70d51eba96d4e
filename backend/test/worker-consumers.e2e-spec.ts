import { type WebhookEndpointWithSecret } from '@rafter/domain/webhooks';
import { createServer, type Server, type Socket } from 'node:net';
import { createAccount } from './factories/account.factory';
import { leadInput } from './factories/lead-payload.factory';
import { eventually } from './utils/async';
import { formToken } from './utils/form-token';
import { startTestStack, type TestStack } from './utils/stack';
import { type Receiver, startReceiver, verify } from './utils/webhook-receiver';

/**
 * One event, several consumers: a captured lead is the contractor's e-mail and their webhooks.
 * A mail server that accepts the connection and then says nothing (a stuck relay) holds the
 * e-mail for its greeting timeout; the webhook must not wait behind it.
 */
let stack: TestStack;
let receiver: Receiver;
let silentSmtp: Server;
const sockets = new Set<Socket>();

beforeAll(async () => {
  receiver = await startReceiver();
  silentSmtp = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve));
  const { port } = silentSmtp.address() as { port: number };
  stack = await startTestStack({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    RATE_LIMIT_CAPTURE_PER_IP: '0',
    FORM_BURST_PER_MINUTE: '0',
  });
}, 60_000);

afterAll(async () => {
  // The stuck e-mail fails at once instead of holding the worker's shutdown.
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silentSmtp?.close(() => resolve()));
  await stack?.close();
  await receiver?.close();
});

it("sends a new lead's webhook while its e-mail is stuck on the mail server", async () => {
  const account = await createAccount(stack.prisma);
  await stack.prisma.subscription.create({
    data: {
      userId: account.id,
      plan: 'smart',
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 20 * 24 * 3600 * 1000),
    },
  });
  const signIn = await stack.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: account.email, password: account.password },
  });
  const { accessToken } = signIn.json<{ accessToken: string }>();
  const created = await stack.app.inject({
    method: 'POST',
    url: '/api/webhook-endpoints',
    headers: { authorization: `Bearer ${accessToken}` },
    payload: { url: receiver.url('/leads'), events: ['lead.created'] },
  });
  expect(created.statusCode).toBe(201);
  const endpoint = created.json<WebhookEndpointWithSecret>();

  const started = Date.now();
  const captured = await stack.app.inject({
    method: 'POST',
    url: '/api/capture-lead',
    payload: {
      ownerId: account.id,
      lead: leadInput(),
      formToken: formToken(stack.app, account.id),
    },
  });
  expect(captured.statusCode).toBeLessThan(300);

  const [request] = await eventually(() => {
    const found = receiver.at('/leads');
    return found.length > 0 && found;
  }, 10_000);
  expect(request!.at - started).toBeLessThan(2000);
  expect(verify(endpoint.secret, request!)).toMatchObject({ type: 'lead.created' });
  // The e-mail goes to the stuck mail server (its job may connect a moment after the webhook went
  // out on a busy machine) and cannot finish: that server never greets.
  await eventually(() => (sockets.size > 0 ? true : undefined), 10_000);
});
