import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../core/errors/app.exception';

const ERRORS = {
  forbidden: {
    status: HttpStatus.FORBIDDEN,
    message: 'You can only manage your own subscription',
  },
  billing_disabled: {
    status: HttpStatus.SERVICE_UNAVAILABLE,
    message: 'Payments are not configured',
  },
  invalid_signature: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Invalid webhook signature',
  },
  no_subscription: {
    status: HttpStatus.NOT_FOUND,
    message: 'You have no active subscription',
  },
  already_canceled: {
    status: HttpStatus.CONFLICT,
    message: 'Your subscription is already canceled',
  },
  refund_unavailable: {
    status: HttpStatus.CONFLICT,
    message: 'A refund is not available',
  },
  same_plan: {
    status: HttpStatus.CONFLICT,
    message: 'You are already on this plan',
  },
  timing_not_allowed: {
    status: HttpStatus.BAD_REQUEST,
    message: 'timing: an upgrade starts at once; only a smaller plan can wait for the renewal',
  },
  quote_expired: {
    status: HttpStatus.CONFLICT,
    message: 'The price shown is out of date. Please review the change again.',
  },
  quote_changed: {
    status: HttpStatus.CONFLICT,
    message: 'The amount due has changed. Please review the change again.',
  },
  no_pending_change: {
    status: HttpStatus.NOT_FOUND,
    message: 'There is no plan change waiting for the renewal',
  },
  payment_declined: {
    status: HttpStatus.PAYMENT_REQUIRED,
    message:
      'Your card was declined, so your plan was not changed. Update your card and try again.',
  },
  payment_provider: {
    status: HttpStatus.BAD_GATEWAY,
    message: 'The payment provider did not respond as expected. Please try again.',
  },
} as const;

export type BillingErrorCode = keyof typeof ERRORS;

export class BillingException extends AppException {
  /** `message` replaces the default text where the reason is more specific (refunds). */
  constructor(code: BillingErrorCode, message?: string) {
    super(code, message ?? ERRORS[code].message, ERRORS[code].status);
  }
}
