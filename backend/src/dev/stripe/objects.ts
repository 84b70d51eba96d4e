import { randomBytes } from 'node:crypto';
import { type FormObject, text } from './form-body';

/** Any Stripe object as the fake stores and answers it: Stripe's JSON, with its id. */
export type StripeObject = Record<string, unknown> & { id: string };

/** An error Stripe would answer, as `{ error: { type, message, code, param } }`. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The same instant one calendar month later (UTC), as Stripe advances a monthly period. */
export function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  const next = new Date(date);
  next.setUTCMonth(date.getUTCMonth() + 1);
  // 31 January + 1 month rolls into March; Stripe stops at the month's last day.
  if (next.getUTCDate() !== date.getUTCDate()) next.setUTCDate(0);
  return Math.floor(next.getTime() / 1000);
}

export function listOf(data: unknown[], url: string) {
  return { object: 'list', data, has_more: false, url };
}

export function find<T>(map: Map<string, T>, id: string, kind: string): T {
  const found = map.get(id);
  if (!found) throw new StripeError(404, `No such ${kind}: '${id}'`, 'resource_missing', 'id');
  return found;
}

export function requiredText(form: FormObject, key: string): string {
  const value = text(form, key);
  if (!value) {
    throw new StripeError(400, `Missing required param: ${key}.`, 'parameter_missing', key);
  }
  return value;
}
