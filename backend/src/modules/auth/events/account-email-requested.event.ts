/**
 * Outbox topics written in the same transaction as the change that needs the e-mail. The payload
 * carries only the user id: the worker creates the one-time link when it sends the e-mail, so no
 * live token ever sits in the outbox or the queue.
 */
export const CONFIRMATION_REQUESTED = 'auth.confirmation-requested';
export const PASSWORD_RESET_REQUESTED = 'auth.password-reset-requested';

export interface AccountEmailRequestedEvent {
  userId: string;
}
