import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { confirmPage, donePage, statusOf } from './unsubscribe-page';
import { UnsubscribeService } from './unsubscribe.service';

/**
 * The unsubscribe link of every homeowner e-mail (RFC 8058): GET shows a confirmation page and
 * changes nothing, since mail scanners open links; POST, from that page's button or a mail
 * client's one-click request (`List-Unsubscribe=One-Click`), unsubscribes. No account needed:
 * the signed token is the authority.
 */
@ApiTags('email')
@Controller('email/unsubscribe')
export class UnsubscribeController {
  constructor(private readonly unsubscribe: UnsubscribeService) {}

  @Get()
  @ApiOperation({ summary: "Confirmation page of a homeowner e-mail's unsubscribe link" })
  @ApiQuery({ name: 'token', description: 'The signed token from the e-mail' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The page with an Unsubscribe button' })
  @ApiBadRequestResponse({ description: 'The token is not one Rafter signed' })
  @ApiNotFoundResponse({ description: 'The request the e-mail was about was deleted' })
  async confirm(
    @Query('token') token: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const text = typeof token === 'string' ? token : '';
    const result = await this.unsubscribe.preview(text);
    htmlReply(reply, statusOf(result));
    return confirmPage(result, text);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Unsubscribes the homeowner from the contractor’s e-mails (RFC 8058 one-click)',
  })
  @ApiQuery({ name: 'token', description: 'The signed token from the e-mail' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'Unsubscribed (also when already unsubscribed)' })
  @ApiBadRequestResponse({ description: 'The token is not one Rafter signed' })
  @ApiNotFoundResponse({ description: 'The request the e-mail was about was deleted' })
  async unsubscribeNow(
    @Query('token') token: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const result = await this.unsubscribe.unsubscribe(typeof token === 'string' ? token : '');
    htmlReply(reply, statusOf(result));
    return donePage(result);
  }
}

function htmlReply(reply: FastifyReply, status: number): void {
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // The token in the address goes nowhere else.
    .header('referrer-policy', 'no-referrer');
}
