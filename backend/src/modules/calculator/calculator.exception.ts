import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../core/errors/app.exception';
import { MAX_KM_FROM_ZIP } from './roof-location';

const ERRORS = {
  owner_not_found: { status: HttpStatus.NOT_FOUND, message: 'Contractor not found' },
  marker_far_from_zip: {
    status: HttpStatus.BAD_REQUEST,
    message: `latitude, longitude: The marker is more than ${MAX_KM_FROM_ZIP} km from the zip code; place it on your roof or check the zip code`,
  },
  link_not_found: {
    status: HttpStatus.NOT_FOUND,
    message: 'Calculator link not found or inactive',
  },
  share_link_missing: {
    status: HttpStatus.NOT_FOUND,
    message: 'Create your shareable link first',
  },
  slug_unavailable: {
    status: HttpStatus.SERVICE_UNAVAILABLE,
    message: 'Could not find a free link name; please try again',
  },
} as const;

export type CalculatorErrorCode = keyof typeof ERRORS;

export class CalculatorException extends AppException {
  constructor(code: CalculatorErrorCode) {
    super(code, ERRORS[code].message, ERRORS[code].status);
  }
}
