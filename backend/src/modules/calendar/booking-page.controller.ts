import { Controller, Get, HttpCode, Ip, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppException } from '../../core/errors/app.exception';
import { BookingLimits } from './booking-limits';
import { cancelledPage, managePage, problemPage, rescheduledPage } from './booking-page';
import { CalendarService } from './calendar.service';

/**
 * The page a booking e-mail links to (booking-page.ts): the inspection, cancel, and the times it
 * may move to, as plain HTML forms. GET shows; POST changes, once per link.
 */
@ApiTags('booking')
@Controller('booking/page')
export class BookingPageController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly limits: BookingLimits,
  ) {}

  @Get()
  @ApiOperation({ summary: "The manage link's page (HTML)" })
  @ApiQuery({ name: 'token', description: 'The manage token from the e-mail' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The inspection with Cancel and the times to move to' })
  async show(
    @Query('token') token: unknown,
    @Ip() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    await this.limits.read(ip);
    return this.render(reply, async () => {
      const { booking, offer } = await this.calendar.manage(text(token));
      return managePage(booking, offer);
    });
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancels the inspection from the page (HTML)' })
  @ApiProduces('text/html')
  async cancel(
    @Query('token') token: unknown,
    @Ip() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    await this.limits.write(ip);
    return this.render(reply, async () =>
      cancelledPage(await this.calendar.cancelByHomeowner(text(token))),
    );
  }

  @Post('reschedule')
  @HttpCode(200)
  @ApiOperation({ summary: 'Moves the inspection to the chosen time from the page (HTML)' })
  @ApiProduces('text/html')
  async reschedule(
    @Query('token') token: unknown,
    @Query('startsAt') startsAt: unknown,
    @Ip() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    await this.limits.write(ip);
    return this.render(reply, async () =>
      rescheduledPage(
        await this.calendar.rescheduleByHomeowner(text(token), new Date(text(startsAt))),
      ),
    );
  }

  /** The page, or the problem's message as a page with the error's status. */
  private async render(reply: FastifyReply, build: () => Promise<string>): Promise<string> {
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The token in the address goes nowhere else.
      .header('referrer-policy', 'no-referrer');
    try {
      return await build();
    } catch (error) {
      if (!(error instanceof AppException)) throw error;
      reply.status(error.status);
      return problemPage(error.message);
    }
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
