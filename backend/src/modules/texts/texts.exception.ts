import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../core/errors/app.exception';

const ERRORS = {
  lead_not_found: { status: HttpStatus.NOT_FOUND, message: 'Lead not found' },
  invalid_signature: {
    status: HttpStatus.FORBIDDEN,
    message: 'The request is not signed by Twilio',
  },
} as const;

export type TextsErrorCode = keyof typeof ERRORS;

export class TextsException extends AppException {
  constructor(code: TextsErrorCode) {
    super(code, ERRORS[code].message, ERRORS[code].status);
  }
}
