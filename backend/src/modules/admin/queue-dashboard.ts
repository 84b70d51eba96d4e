import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { type AppConfig } from '../../config/config';
import { QUEUES } from '../../core/queue/jobs';
import { producerQueueOptions } from '../../core/queue/queue.module';

/** Where operators find the queue dashboard (Bull Board). */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

const REALM = 'Basic realm="Rafter queues", charset="UTF-8"';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * The password from an `Authorization: Basic` header matches, compared in constant time (both
 * sides hashed first, so their lengths leak nothing either). Any user name is accepted.
 */
export function isOperator(header: string | undefined, password: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  return timingSafeEqual(digest(decoded.slice(colon + 1)), digest(password));
}

/** Browsers send cached basic credentials with any request, so changes must come from here. */
function isSameOrigin(request: FastifyRequest): boolean {
  if (['GET', 'HEAD'].includes(request.method)) return true;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function refuse(reply: FastifyReply, status: 401 | 403, error: string): FastifyReply {
  if (status === 401) reply.header('www-authenticate', REALM);
  return reply.status(status).header('cache-control', 'no-store').send({ error });
}

/**
 * Bull Board at /admin/queues, for operators only: mounted only when OPERATOR_PASSWORD is set
 * (otherwise the path is unknown, 404), behind HTTP basic auth that has nothing to do with
 * contractor sessions (their tokens and cookies are ignored here), never framed, never indexed,
 * and absent from the OpenAPI document.
 */
export async function registerQueueDashboard(
  fastify: FastifyInstance,
  config: AppConfig,
): Promise<void> {
  const password = config.OPERATOR_PASSWORD;
  if (!password) return;

  const queue = new Queue(QUEUES.events, producerQueueOptions(config));
  queue.on('error', () => {});
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: [new BullMQAdapter(queue)],
    // @bull-board/fastify 9.10.1 pins its own copy of @bull-board/api 9.10.1, whose private
    // fields make the two identical interfaces distinct types; at run time they are the same.
    serverAdapter: serverAdapter as unknown as Parameters<
      typeof createBullBoard
    >[0]['serverAdapter'],
    options: { uiConfig: { boardTitle: 'Rafter queues' } },
  });

  await fastify.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        reply
          .header('x-frame-options', 'DENY')
          .header('x-robots-tag', 'noindex, nofollow')
          .header('cache-control', 'no-store');
        if (!isOperator(request.headers.authorization, password)) {
          return refuse(reply, 401, 'Operator password required');
        }
        if (!isSameOrigin(request)) {
          return refuse(reply, 403, 'Changes must come from the dashboard itself');
        }
      });
      scope.addHook('onSend', async (_request, reply) => {
        const csp = reply.getHeader('content-security-policy');
        if (typeof csp === 'string') {
          reply.header(
            'content-security-policy',
            csp.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
          );
        }
      });
      await scope.register(serverAdapter.registerPlugin());
    },
    { prefix: QUEUE_DASHBOARD_PATH },
  );
  fastify.addHook('onClose', async () => {
    await queue.close();
  });
}
