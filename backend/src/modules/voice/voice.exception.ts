import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../core/errors/app.exception';

const ERRORS = {
  provider_failed: {
    status: HttpStatus.BAD_GATEWAY,
    message: 'The voice service could not start a call. Please try again in a moment.',
  },
  daily_cap_reached: {
    status: HttpStatus.SERVICE_UNAVAILABLE,
    message:
      'Live voice calls are paused for today. Type your question to the assistant, or call again tomorrow.',
  },
  unsupported_media_type: {
    status: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
    message: 'Content-Type must be application/json (or send no body)',
  },
} as const;

export type VoiceErrorCode = keyof typeof ERRORS;

export class VoiceException extends AppException {
  constructor(code: VoiceErrorCode) {
    super(code, ERRORS[code].message, ERRORS[code].status);
  }
}
