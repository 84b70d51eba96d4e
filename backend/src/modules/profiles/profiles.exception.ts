import { HttpStatus } from '@nestjs/common';
import { LOGO_ERRORS } from '@rafter/domain/settings';
import { AppException } from '../../core/errors/app.exception';

const ERRORS = {
  logo_not_image: { status: HttpStatus.BAD_REQUEST, message: LOGO_ERRORS.notImage },
  logo_too_large: { status: HttpStatus.PAYLOAD_TOO_LARGE, message: LOGO_ERRORS.tooLarge },
} as const;

export type ProfilesErrorCode = keyof typeof ERRORS;

export class ProfilesException extends AppException {
  constructor(code: ProfilesErrorCode) {
    super(code, ERRORS[code].message, ERRORS[code].status);
  }
}
