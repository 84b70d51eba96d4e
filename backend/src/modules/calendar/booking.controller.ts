import { Body, Controller, Get, HttpCode, Ip, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { type BookingOffer, type HomeownerBooking } from '@rafter/domain/calendar';
import {
  BookingOfferDto,
  BookingRequestDto,
  HomeownerBookingDto,
  ManageBookingDto,
  ManagedBookingDto,
  RescheduleBookingDto,
  TokenQueryDto,
} from './calendar.dto';
import { BookingLimits } from './booking-limits';
import { CalendarService } from './calendar.service';

/**
 * The homeowner's side (no account): the slots and booking for the lead a book token names, and
 * the manage link's reschedule and cancel. Tokens are signed (BookingTokens); each manage link
 * works once.
 */
@ApiTags('booking')
@ApiTooManyRequestsResponse({ description: 'Too many requests; see Retry-After' })
@Controller('booking')
export class BookingController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly limits: BookingLimits,
  ) {}

  @Get('offer')
  @ApiOperation({ summary: 'The inspection times offered to the lead of a book token' })
  @ApiOkResponse({ type: BookingOfferDto })
  @ApiNotFoundResponse({ description: 'The link is invalid, or the contractor takes no bookings' })
  async offer(@Query() query: TokenQueryDto, @Ip() ip: string): Promise<BookingOffer> {
    await this.limits.read(ip);
    return this.calendar.offer(query.token);
  }

  @Post()
  @ApiOperation({ summary: 'Books an inspection at one of the offered times' })
  @ApiCreatedResponse({ type: HomeownerBookingDto })
  @ApiBadRequestResponse({ description: 'A field is invalid; the message names it' })
  @ApiNotFoundResponse({ description: 'The link is invalid, or the contractor takes no bookings' })
  @ApiConflictResponse({ description: 'The time was just taken, or is no longer offered' })
  async book(@Body() body: BookingRequestDto, @Ip() ip: string): Promise<HomeownerBooking> {
    await this.limits.write(ip);
    return this.calendar.book(body.token, new Date(body.startsAt));
  }

  @Get('manage')
  @ApiOperation({ summary: 'The inspection a manage link names, with the times it may move to' })
  @ApiOkResponse({ type: ManagedBookingDto })
  @ApiNotFoundResponse({ description: 'The link is invalid or was already used' })
  async manage(
    @Query() query: TokenQueryDto,
    @Ip() ip: string,
  ): Promise<{ booking: HomeownerBooking; offer: BookingOffer }> {
    await this.limits.read(ip);
    return this.calendar.manage(query.token);
  }

  @Post('manage/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancels the inspection (the link then stops working)' })
  @ApiOkResponse({ type: HomeownerBookingDto })
  @ApiNotFoundResponse({ description: 'The link is invalid or was already used' })
  async cancel(@Body() body: ManageBookingDto, @Ip() ip: string): Promise<HomeownerBooking> {
    await this.limits.write(ip);
    return this.calendar.cancelByHomeowner(body.token);
  }

  @Post('manage/reschedule')
  @HttpCode(200)
  @ApiOperation({ summary: 'Moves the inspection to another offered time (new links are sent)' })
  @ApiOkResponse({ type: HomeownerBookingDto })
  @ApiNotFoundResponse({ description: 'The link is invalid or was already used' })
  @ApiConflictResponse({ description: 'The time was just taken, or is no longer offered' })
  async reschedule(
    @Body() body: RescheduleBookingDto,
    @Ip() ip: string,
  ): Promise<HomeownerBooking> {
    await this.limits.write(ip);
    return this.calendar.rescheduleByHomeowner(body.token, new Date(body.startsAt));
  }
}
