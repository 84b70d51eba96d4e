import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../core/errors/app.exception';

const ERRORS = {
  invalid_json: { status: HttpStatus.BAD_REQUEST, message: 'The body must be valid JSON' },
} as const;

export type AnalyticsErrorCode = keyof typeof ERRORS;

export class AnalyticsException extends AppException {
  constructor(code: AnalyticsErrorCode) {
    super(code, ERRORS[code].message, ERRORS[code].status);
  }
}
