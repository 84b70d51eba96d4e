import { STATUS_CODES } from 'node:http';
import { type ErrorBody } from './http-exception.filter';

/** The public API's path: its errors are RFC 9457 problem details, the dashboard's stay `{ error }`. */
export const PUBLIC_API_PREFIX = '/api/v1';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Where each problem `type` lives; the part after it is the error's stable code (docs/api.md). */
export const PROBLEM_TYPE_BASE = 'https://rafter.app/problems/';

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The error's stable code, the last segment of `type`. */
  code: string;
  /** The request's path. */
  instance: string;
  /** Each invalid field with its message, for `validation_failed`. */
  errors?: Record<string, string>;
  [extension: string]: unknown;
}

export function isPublicApiPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return path === PUBLIC_API_PREFIX || path.startsWith(`${PUBLIC_API_PREFIX}/`);
}

/** A code for errors raised without one, from their status: `not_found`, `bad_request`, … */
function codeOfStatus(status: number): string {
  return (STATUS_CODES[status] ?? 'error').toLowerCase().replace(/[^a-z]+/g, '_');
}

/**
 * The `{ error, code, fields }` answer as a problem: `type` from the code (validation errors are
 * `validation_failed`), `title` the status's reason phrase (one per type), `detail` the message.
 */
export function toProblem(status: number, body: ErrorBody, path: string): ProblemDetails {
  const { error, code: bodyCode, fields, ...extensions } = body;
  const code = bodyCode ?? (fields ? 'validation_failed' : codeOfStatus(status));
  return {
    ...extensions,
    type: `${PROBLEM_TYPE_BASE}${code}`,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: error,
    code,
    instance: path,
    ...(fields ? { errors: fields } : {}),
  };
}
