import { type FastifyInstance } from 'fastify';

const NUL = '\u0000';

/** The path of the first string (key or value) holding a NUL character, e.g. 'lead.firstName'. */
export function findNul(value: unknown): string | null {
  const path = nulPath(value);
  return path === null ? null : path.join('.') || 'body';
}

/**
 * The keys down to the first NUL, innermost last; null when there is none. The path is built only
 * once one is found: every request's body and query pass through here.
 */
function nulPath(value: unknown): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? [] : null;
  if (!value || typeof value !== 'object') return null;
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (key.includes(NUL)) return [key.replaceAll(NUL, '')];
    const found = nulPath(object[key]);
    if (found) {
      found.unshift(key);
      return found;
    }
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
