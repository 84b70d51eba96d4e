import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import {
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CalendarService } from './calendar.service';

/**
 * The contractor's iCalendar feed (Google, Apple and Outlook subscribe to it). The secret in the
 * address is the authority; rotating it in the Calendar tab ends the old address at once.
 */
@ApiTags('calendar')
@Controller('calendar/feed')
export class CalendarFeedController {
  constructor(private readonly calendar: CalendarService) {}

  @Get(':file')
  @ApiOperation({ summary: "The contractor's inspections as an iCalendar feed" })
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'text/calendar' })
  @ApiNotFoundResponse({ description: 'No feed has this address (it may have been rotated)' })
  async feed(
    @Param('file') file: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : file;
    const body = await this.calendar.feed(token);
    if (body === null) throw new NotFoundException('No calendar feed has this address');
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=300')
      .header('referrer-policy', 'no-referrer');
    return body;
  }
}
