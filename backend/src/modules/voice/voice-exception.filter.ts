import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { VoiceException } from './voice.exception';

/**
 * Voice errors keep the demo-call answer's shape (spec section 3: success, error), which the
 * widget reads, plus the usual code.
 */
@Catch(VoiceException)
export class VoiceExceptionFilter implements ExceptionFilter {
  catch(exception: VoiceException, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply
      .status(exception.status)
      .header('content-type', 'application/json')
      .send({ success: false, error: exception.message, code: exception.code });
  }
}
