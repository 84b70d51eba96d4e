import { Body, Controller, Get, HttpCode, Param, Post, Put, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Availability, type ContractorBooking, type Slot } from '@rafter/domain/calendar';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import {
  AgendaDto,
  AvailabilityDto,
  ContractorBookingDto,
  ContractorRescheduleDto,
  FeedUrlDto,
  SlotsDto,
} from './calendar.dto';
import { CalendarService } from './calendar.service';

/** The signed-in contractor's Calendar tab: availability, upcoming inspections, the feed. */
@ApiTags('calendar')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@ApiForbiddenResponse({ description: "'upgrade_required': no active plan" })
@UseGuards(AccessTokenGuard)
@Controller('calendar')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @Get('availability')
  @ApiOperation({ summary: 'When homeowners may book inspections (the defaults until saved)' })
  @ApiOkResponse({ type: AvailabilityDto })
  availability(@CurrentUser() user: AuthenticatedUser): Promise<Availability> {
    return this.calendar.availability(user.id);
  }

  @Put('availability')
  @ApiOperation({ summary: 'Saves the availability' })
  @ApiOkResponse({ type: AvailabilityDto })
  @ApiBadRequestResponse({ description: 'A field is invalid; the message names it' })
  saveAvailability(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: AvailabilityDto,
  ): Promise<Availability> {
    return this.calendar.saveAvailability(user.id, body);
  }

  @Get('slots')
  @ApiOperation({ summary: 'The free inspection times now (to move a booking to)' })
  @ApiOkResponse({ type: SlotsDto })
  slots(@CurrentUser() user: AuthenticatedUser): Promise<{ timeZone: string; slots: Slot[] }> {
    return this.calendar.freeSlots(user.id);
  }

  @Get('bookings')
  @ApiOperation({ summary: 'Upcoming inspections, soonest first (cancelled ones included)' })
  @ApiOkResponse({ type: AgendaDto })
  bookings(@CurrentUser() user: AuthenticatedUser): Promise<{ bookings: ContractorBooking[] }> {
    return this.calendar.agenda(user.id);
  }

  @Post('bookings/:id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancels an inspection; the homeowner is e-mailed' })
  @ApiOkResponse({ type: ContractorBookingDto })
  @ApiNotFoundResponse({ description: 'No such inspection' })
  @ApiConflictResponse({ description: 'It was changed or cancelled meanwhile' })
  cancel(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<ContractorBooking> {
    return this.calendar.cancelByContractor(user.id, id);
  }

  @Post('bookings/:id/reschedule')
  @HttpCode(200)
  @ApiOperation({ summary: 'Moves an inspection to a free time; the homeowner is e-mailed' })
  @ApiOkResponse({ type: ContractorBookingDto })
  @ApiNotFoundResponse({ description: 'No such inspection' })
  @ApiConflictResponse({
    description: 'The time is taken or not offered, or the inspection changed',
  })
  reschedule(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: ContractorRescheduleDto,
  ): Promise<ContractorBooking> {
    return this.calendar.rescheduleByContractor(user.id, id, new Date(body.startsAt));
  }

  @Get('feed')
  @ApiOperation({ summary: 'The secret iCalendar subscription URL (created on first request)' })
  @ApiOkResponse({ type: FeedUrlDto })
  feed(@CurrentUser() user: AuthenticatedUser): Promise<{ url: string }> {
    return this.calendar.feedUrl(user.id);
  }

  @Post('feed/rotate')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new feed URL; the old one stops working at once' })
  @ApiOkResponse({ type: FeedUrlDto })
  rotate(@CurrentUser() user: AuthenticatedUser): Promise<{ url: string }> {
    return this.calendar.rotateFeed(user.id);
  }
}
