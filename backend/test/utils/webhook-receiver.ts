import { type WebhookPayload } from '@rafter/domain/webhooks';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local webhook receiver: records every request and answers what its path is set to. */
export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, { status: number; headers?: Record<string, string> }>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const answer = answers.get(path) ?? { status: 200 };
      response.writeHead(answer.status, answer.headers);
      response.end(answer.status >= 400 ? 'receiver is down '.repeat(300) : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((request) => request.path === path),
    answer: (path: string, status: number, headers?: Record<string, string>) =>
      answers.set(path, { status, headers }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The request's payload, verified with the standardwebhooks library (throws on a bad signature). */
export function verify(secret: string, request: Received): WebhookPayload {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  }) as WebhookPayload;
}
