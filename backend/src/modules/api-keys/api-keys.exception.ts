import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../core/errors/app.exception';
import { API_KEYS_MAX } from '@rafter/domain/api-keys';

const ERRORS = {
  api_key_not_found: { status: HttpStatus.NOT_FOUND, message: 'API key not found' },
  api_key_limit: {
    status: HttpStatus.CONFLICT,
    message: `You can hold at most ${API_KEYS_MAX} active API keys: revoke one first`,
  },
  api_key_missing: {
    status: HttpStatus.UNAUTHORIZED,
    message: 'Send your API key as Authorization: Bearer rft_…',
  },
  api_key_invalid: {
    status: HttpStatus.UNAUTHORIZED,
    message: 'The API key is not valid or was revoked',
  },
  insufficient_scope: {
    status: HttpStatus.FORBIDDEN,
    message: 'The API key lacks the scope this operation needs',
  },
} as const;

export type ApiKeysErrorCode = keyof typeof ERRORS;

export class ApiKeysException extends AppException {
  constructor(code: ApiKeysErrorCode, details?: Readonly<Record<string, unknown>>) {
    super(code, ERRORS[code].message, ERRORS[code].status, details);
  }
}
