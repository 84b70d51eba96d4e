import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../core/errors/app.exception';

const ERRORS = {
  owner_not_found: { status: HttpStatus.NOT_FOUND, message: 'Contractor not found' },
  lead_not_found: { status: HttpStatus.NOT_FOUND, message: 'Lead not found' },
  lead_not_converted: {
    status: HttpStatus.CONFLICT,
    message: 'Only a Converted lead has a sold price: mark it Converted first',
  },
  invalid_cursor: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Cursor is not valid: start again from the first page',
  },
  challenge_required: {
    status: HttpStatus.PRECONDITION_REQUIRED,
    message: 'This calculator is busy: solve the challenge and send the request again',
  },
} as const;

export type LeadsErrorCode = keyof typeof ERRORS;

export class LeadsException extends AppException {
  constructor(code: LeadsErrorCode, details?: Readonly<Record<string, unknown>>) {
    super(code, ERRORS[code].message, ERRORS[code].status, details);
  }
}
