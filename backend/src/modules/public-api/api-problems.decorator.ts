import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiResponse, type SchemaObject } from '@nestjs/swagger';
import { STATUS_CODES } from 'node:http';
import { PROBLEM_CONTENT_TYPE } from '../../core/errors/problem-details';
import { problemExample } from './public-api.examples';

const PROBLEM_SCHEMA: SchemaObject = {
  type: 'object',
  description: 'RFC 9457 problem details; `code` is the last segment of `type`',
  required: ['type', 'title', 'status', 'detail', 'code', 'instance'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string' },
    instance: { type: 'string' },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'validation_failed: each invalid field with its message',
    },
  },
};

/** The errors an operation may answer, as problem details: status, code and an example detail. */
export type ProblemSpec = [status: number, code: string, detail: string];

const COMMON: ProblemSpec[] = [
  [401, 'api_key_invalid', 'The API key is not valid or was revoked'],
  [429, 'rate_limited', 'Too many requests. Please try again in a few minutes.'],
];

export function ApiProblems(...problems: ProblemSpec[]) {
  const byStatus = new Map<number, ProblemSpec[]>();
  for (const problem of [...COMMON, ...problems]) {
    byStatus.set(problem[0], [...(byStatus.get(problem[0]) ?? []), problem]);
  }
  return applyDecorators(
    ...[...byStatus].map(([status, specs]) =>
      ApiResponse({
        status,
        description: specs.map(([, code, detail]) => `\`${code}\`: ${detail}`).join('; '),
        content: {
          [PROBLEM_CONTENT_TYPE]: {
            schema: PROBLEM_SCHEMA,
            example: problemExample(
              status,
              STATUS_CODES[status] ?? 'Error',
              specs[0]![1],
              specs[0]![2],
            ),
          },
        },
      }),
    ),
  );
}

export const NOT_FOUND: ProblemSpec = [404, 'lead_not_found', 'Lead not found'];
export const FORBIDDEN: ProblemSpec = [
  403,
  'insufficient_scope',
  'The API key lacks the scope this operation needs (or upgrade_required: the plan no longer includes the API)',
];
export const INVALID: ProblemSpec = [400, 'validation_failed', 'status: Invalid option'];
export const IDEMPOTENCY: ProblemSpec = [
  409,
  'idempotency_key_reused',
  'This Idempotency-Key was used with a different request (or idempotency_key_in_progress)',
];
export const ENDPOINT_NOT_FOUND: ProblemSpec = [
  404,
  'endpoint_not_found',
  'Webhook endpoint not found',
];
export const DELIVERY_NOT_FOUND: ProblemSpec = [404, 'delivery_not_found', 'Delivery not found'];
export const HOOK_NOT_FOUND: ProblemSpec = [404, 'hook_not_found', 'Hook not found'];
export const TOO_MANY_ENDPOINTS: ProblemSpec = [
  409,
  'too_many_endpoints',
  'At most 10 webhook endpoints per account',
];

/** The `Idempotency-Key` header of a write operation. */
export const IDEMPOTENCY_HEADER = ApiHeader({
  name: 'Idempotency-Key',
  required: false,
  description:
    'Any unique string (a UUID): a retry with the same key and body gets the first answer again (kept 24 h, `Idempotent-Replayed: true`); the same key with another body is 409.',
});
