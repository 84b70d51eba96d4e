import { Controller, Get, HttpCode, Ip, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppException } from '../../core/errors/app.exception';
import { BookingLimits } from './booking-limits';
import {
  bookedPage,
  bookPage,
  cancelledPage,
  managePage,
  problemPage,
  rescheduledPage,
} from './booking-page';
import { CalendarException } from './calendar.exception';
import { CalendarService } from './calendar.service';

/**
 * The pages the e-mails' booking links open (booking-page.ts): the times to book (the estimate
 * e-mail's book token), or the inspection, cancel and the times it may move to (a manage token),
 * as plain HTML forms. GET shows; POST books or changes (a manage link once).
 */
@ApiTags('booking')
@Controller('booking/page')
export class BookingPageController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly limits: BookingLimits,
  ) {}

  @Get()
  @ApiOperation({ summary: "The booking links' page (HTML)" })
  @ApiQuery({
    name: 'token',
    description: "A book token (the estimate e-mail's) or a manage token (a booking e-mail's)",
  })
  @ApiProduces('text/html')
  @ApiOkResponse({
    description: 'The open times to book; or the inspection with Cancel and the times to move to',
  })
  async show(
    @Query('token') token: unknown,
    @Ip() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    await this.limits.read(ip);
    const value = text(token);
    return this.render(reply, async () => {
      if (value.startsWith('b.')) return bookPage(value, await this.calendar.offer(value));
      const { booking, offer } = await this.calendar.manage(value);
      return managePage(booking, offer);
    });
  }

  @Post('book')
  @HttpCode(200)
  @ApiOperation({ summary: 'Books the chosen time from the page (HTML)' })
  @ApiProduces('text/html')
  async book(
    @Query('token') token: unknown,
    @Query('startsAt') startsAt: unknown,
    @Ip() ip: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    await this.limits.write(ip);
    const value = text(token);
    return this.render(reply, async () => {
      try {
        return bookedPage(await this.calendar.book(value, new Date(text(startsAt))), true);
      } catch (error) {
        // Taken meanwhile: the times left, with why, instead of a dead end.
        if (!(error instanceof CalendarException) || !error.code.startsWith('slot_')) throw error;
        reply.status(error.status);
        return bookPage(value, await this.calendar.offer(value), error.message);
      }
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
