import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../core/errors/app.exception';

/** 403 for a gated feature the caller's plan lacks; the message names the plan that has it. */
export class UpgradeRequiredException extends AppException {
  constructor(message: string) {
    super('upgrade_required', message, HttpStatus.FORBIDDEN);
  }
}
