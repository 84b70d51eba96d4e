/**
 * Base of every module's exception: a stable code for clients and logs, the HTTP status, and a
 * message safe to show a user. Modules subclass it (`LeadsException`, `BillingException`, …).
 * `details` are further fields of the answer a client acts on (a challenge to solve).
 */
export class AppException extends Error {
  /** When set, the answer carries `Retry-After` with these seconds (RateLimitException). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
