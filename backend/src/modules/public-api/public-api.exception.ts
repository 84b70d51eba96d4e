import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../core/errors/app.exception';

const ERRORS = {
  invalid_idempotency_key: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  },
  idempotency_key_reused: {
    status: HttpStatus.CONFLICT,
    message: 'This Idempotency-Key was used with a different request: use a new key',
  },
  idempotency_key_in_progress: {
    status: HttpStatus.CONFLICT,
    message: 'A request with this Idempotency-Key is still running: retry in a moment',
  },
} as const;

export type PublicApiErrorCode = keyof typeof ERRORS;

export class PublicApiException extends AppException {
  constructor(code: PublicApiErrorCode) {
    super(code, ERRORS[code].message, ERRORS[code].status);
  }
}
