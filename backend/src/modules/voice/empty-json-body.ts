import type { FastifyInstance } from 'fastify';

/**
 * The spec's client POSTs demo-call with a JSON Content-Type and no body at all, which Fastify's
 * JSON parser refuses ("Body cannot be empty"). For this one path, a request that announces JSON
 * but carries nothing is treated as the bodiless request it is.
 */
export function acceptEmptyJsonBody(fastify: FastifyInstance, path: string): void {
  fastify.addHook('onRequest', async (request) => {
    if (request.method !== 'POST' || request.url.split('?')[0] !== path) return;
    const { headers } = request.raw;
    const empty =
      headers['transfer-encoding'] === undefined &&
      (headers['content-length'] === undefined || headers['content-length'] === '0');
    if (empty && /^application\/json\b/i.test(headers['content-type'] ?? '')) {
      delete headers['content-type'];
    }
  });
}
