import { Controller, Get, NotFoundException, Param, Res, UseGuards } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DevMailbox } from '../../core/mailer/dev-mailbox';
import { DevMailboxEntryDto } from './dev-mailbox.dto';
import { DevOnlyGuard } from './dev-mailbox.guard';

/**
 * E-mails are HTML from our templates with user content inside; shown on our own origin, they
 * get a policy that runs no script at all, loads nothing but images, and cannot be framed
 * elsewhere.
 */
const MAIL_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data: https:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
].join('; ');

/** Mail the worker kept instead of sending (no SMTP_URL); development and demos only. */
@ApiTags('dev')
@ApiForbiddenResponse({ description: 'Asked from another machine' })
@Controller('dev/mailbox')
@UseGuards(DevOnlyGuard)
export class DevMailboxController {
  constructor(private readonly mailbox: DevMailbox) {}

  @Get()
  @ApiOperation({ summary: 'E-mails kept instead of sent (development only)' })
  @ApiOkResponse({ type: [DevMailboxEntryDto], description: 'Stored e-mails, newest first' })
  async list(@Res({ passthrough: true }) reply: FastifyReply): Promise<DevMailboxEntryDto[]> {
    reply.header('cache-control', 'no-store');
    return this.mailbox.list();
  }

  @Get(':id')
  @ApiOperation({ summary: 'One kept e-mail as HTML (development only)' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: "The e-mail's HTML body" })
  @ApiNotFoundResponse({ description: 'No such message' })
  async show(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const mail = await this.mailbox.get(id);
    if (!mail) throw new NotFoundException('Message not found');
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', MAIL_CSP)
      .header('cache-control', 'no-store');
    return mail.html;
  }
}
