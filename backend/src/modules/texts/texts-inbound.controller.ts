import { Body, Controller, Headers, HttpCode, HttpStatus, Inject, Post, Res } from '@nestjs/common';
import {
  ApiConsumes,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import twilio from 'twilio';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { TextsException } from './texts.exception';
import { TextsService } from './texts.service';

/** The path Twilio's inbound-message webhook is set to (`$PUBLIC_URL` + this). */
export const INBOUND_TEXTS_PATH = '/api/texts/inbound';

/**
 * Twilio's inbound messages (form-encoded, signed with X-Twilio-Signature over the public URL
 * and the parameters). Answers TwiML: the reply to STOP, START or HELP, or nothing.
 */
@ApiTags('texts')
@Controller('texts')
export class TextsInboundController {
  constructor(
    private readonly texts: TextsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('inbound')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Twilio inbound-message webhook (signed with X-Twilio-Signature)' })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiProduces('text/xml')
  @ApiOkResponse({ description: 'TwiML: the reply, if any' })
  @ApiForbiddenResponse({ description: 'Missing or invalid signature' })
  async receive(
    @Body() body: unknown,
    @Headers('x-twilio-signature') signature: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const params = readParams(body);
    const token = this.config.TWILIO_AUTH_TOKEN;
    const url = `${this.config.PUBLIC_URL}${INBOUND_TEXTS_PATH}`;
    if (!token || !signature || !params || !twilio.validateRequest(token, signature, url, params)) {
      throw new TextsException('invalid_signature');
    }
    const answer = await this.texts.handleInbound(params.From ?? '', params.Body ?? '');
    const response = new twilio.twiml.MessagingResponse();
    if (answer) response.message(answer);
    reply.header('content-type', 'text/xml; charset=utf-8');
    return response.toString();
  }
}

/** The form's fields as strings, or null when the body is not a form. */
function readParams(body: unknown): Record<string, string> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string') return null;
    params[key] = value;
  }
  return params;
}
