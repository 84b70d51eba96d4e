import { HttpStatus } from '@nestjs/common';
import { AppException } from '../errors/app.exception';

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please try again in a few minutes.';

/** 429; the global exception filter turns `retryAfterSeconds` into the Retry-After header. */
export class RateLimitException extends AppException {
  constructor(override readonly retryAfterSeconds: number) {
    super('rate_limited', RATE_LIMIT_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
  }
}
