import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../core/errors/app.exception';

const ERRORS = {
  owner_not_found: { status: HttpStatus.NOT_FOUND, message: 'Contractor not found' },
  link_not_found: {
    status: HttpStatus.NOT_FOUND,
    message: 'Calculator link not found or inactive',
  },
} as const;

export type CalculatorErrorCode = keyof typeof ERRORS;

export class CalculatorException extends AppException {
  constructor(code: CalculatorErrorCode) {
    super(code, ERRORS[code].message, ERRORS[code].status);
  }
}
