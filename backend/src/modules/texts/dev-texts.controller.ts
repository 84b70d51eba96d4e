import { Controller, Get, Inject, NotFoundException, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { DevOnlyGuard } from '../notifications/dev-mailbox.guard';

/**
 * `/api/dev/texts`: the local fake Twilio's page of sent texts (with reply buttons), when
 * `npm start` runs one (TWILIO_API_URL set outside production). Like the dev mailbox it answers
 * this machine only, and does not exist in production.
 */
@ApiExcludeController()
@Controller('dev/texts')
@UseGuards(DevOnlyGuard)
export class DevTextsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  open(@Res() reply: FastifyReply): void {
    if (!this.config.TWILIO_API_URL) {
      throw new NotFoundException('No fake Twilio runs: texts go to Twilio itself');
    }
    void reply.redirect(`${this.config.TWILIO_API_URL}/`, 302);
  }
}
