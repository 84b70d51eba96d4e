import { HttpStatus } from '@nestjs/common';
import { AUTH_ERRORS, type AuthErrorCode } from '@rafter/domain/auth';
import { AppException } from '../../core/errors/app.exception';
import { RateLimitException } from '../../core/rate-limit/rate-limit.exception';

const STATUSES: Record<AuthErrorCode, HttpStatus> = {
  invalid_credentials: HttpStatus.UNAUTHORIZED,
  email_not_confirmed: HttpStatus.FORBIDDEN,
  user_already_exists: HttpStatus.CONFLICT,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  invalid_link: HttpStatus.BAD_REQUEST,
  session_missing: HttpStatus.UNAUTHORIZED,
  google_unavailable: HttpStatus.NOT_FOUND,
  google_failed: HttpStatus.UNAUTHORIZED,
  google_email_unverified: HttpStatus.FORBIDDEN,
  google_link_required: HttpStatus.CONFLICT,
  password_too_common: HttpStatus.BAD_REQUEST,
};

/** The auth API's errors: the spec's text for each code (`AUTH_ERRORS`) and its status. */
export class AuthException extends AppException {
  declare readonly code: AuthErrorCode;

  constructor(code: AuthErrorCode) {
    super(code, AUTH_ERRORS[code], STATUSES[code]);
  }
}

/**
 * A 429 with the spec's auth text. It extends the shared RateLimitException (code
 * 'rate_limited') so the global exception filter adds Retry-After, while the estimator's
 * endpoints keep their own wording.
 */
export class AuthRateLimitException extends RateLimitException {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = AUTH_ERRORS.rate_limited;
  }
}
