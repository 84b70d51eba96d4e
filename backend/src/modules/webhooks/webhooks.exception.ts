import { HttpStatus } from '@nestjs/common';
import { WEBHOOK_ENDPOINTS_MAX } from '@rafter/domain/webhooks';
import { AppException } from '../../core/errors/app.exception';

const ERRORS = {
  endpoint_not_found: { status: HttpStatus.NOT_FOUND, message: 'Webhook endpoint not found' },
  hook_not_found: { status: HttpStatus.NOT_FOUND, message: 'Hook not found' },
  delivery_not_found: { status: HttpStatus.NOT_FOUND, message: 'Delivery not found' },
  invalid_url: { status: HttpStatus.BAD_REQUEST, message: 'The URL must start with https://' },
  too_many_endpoints: {
    status: HttpStatus.CONFLICT,
    message: `At most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints per account`,
  },
  invalid_cursor: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Cursor is not valid: start again from the first page',
  },
} as const;

export type WebhooksErrorCode = keyof typeof ERRORS;

export class WebhooksException extends AppException {
  constructor(code: WebhooksErrorCode, message?: string) {
    super(code, message ?? ERRORS[code].message, ERRORS[code].status);
  }
}
