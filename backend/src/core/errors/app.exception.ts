/**
 * Base of every module's exception: a stable code for clients and logs, the HTTP status, and a
 * message safe to show a user. Modules subclass it (`LeadsException`, `BillingException`, …).
 */
export class AppException extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
