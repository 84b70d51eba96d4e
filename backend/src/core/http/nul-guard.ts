import { type FastifyInstance } from 'fastify';

const NUL = '\u0000';

/** The path of the first string (key or value) holding a NUL character, e.g. 'lead.firstName'. */
export function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path.join('.') || 'body' : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes(NUL)) return [...path, key.replaceAll(NUL, '')].join('.');
    const found = findNul(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL (U+0000), so a string with one would fail at the database as a
 * 5xx. No field of ours has a use for it: refuse such input up front, naming the field.
 */
export function registerNulGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request, reply) => {
    const field = findNul(request.query) ?? findNul(request.body);
    if (field === null) return;
    const message = `${field} must not contain a NUL character`;
    await reply.code(400).send({ error: message, fields: { [field]: message } });
  });
}
