import type {} from '@fastify/cookie';
import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type GoogleCalendarStatus } from '@rafter/domain/calendar';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../config/config';
import { AccessTokenGuard } from '../../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../../auth/current-user.decorator';
import { GoogleCalendarConnectDto, GoogleCalendarStatusDto } from '../calendar.dto';
import {
  GOOGLE_CALENDAR_COOKIE_PATH,
  GOOGLE_CALENDAR_STATE_COOKIE,
  GOOGLE_CALENDAR_STATE_TTL_SECONDS,
  GoogleCalendarService,
} from './google-calendar.service';

/** The Calendar tab's Google Calendar sync: its state, the consent and its return, disconnect. */
@ApiTags('calendar')
@Controller('calendar/google')
export class GoogleCalendarController {
  constructor(
    private readonly google: GoogleCalendarService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get cookieOptions() {
    return {
      httpOnly: true,
      // The browser comes back from Google on a cross-site top-level GET.
      sameSite: 'lax',
      secure: this.config.isProduction,
      path: GOOGLE_CALENDAR_COOKIE_PATH,
    } as const;
  }

  @Get()
  @UseGuards(AccessTokenGuard)
  @ApiBearerAuth()
  @ApiUnauthorizedResponse({ description: 'No valid access token' })
  @ApiOperation({ summary: 'Whether Google Calendar is connected, its account and last sync' })
  @ApiOkResponse({ type: GoogleCalendarStatusDto })
  status(@CurrentUser() user: AuthenticatedUser): Promise<GoogleCalendarStatus> {
    return this.google.status(user.id);
  }

  @Post('connect')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  @ApiBearerAuth()
  @ApiUnauthorizedResponse({ description: 'No valid access token' })
  @ApiOperation({
    summary: "Google's consent page for the calendar scopes (the browser goes there next)",
  })
  @ApiOkResponse({ type: GoogleCalendarConnectDto })
  @ApiNotFoundResponse({ description: "'google_unavailable': sync is not set up on this server" })
  async connect(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ url: string }> {
    const { url, nonce } = await this.google.start(user.id);
    reply.setCookie(GOOGLE_CALENDAR_STATE_COOKIE, nonce, {
      ...this.cookieOptions,
      maxAge: GOOGLE_CALENDAR_STATE_TTL_SECONDS,
    });
    return { url };
  }

  /** Google sends the browser back here; it goes on to the Calendar tab with the outcome. */
  @Get('callback')
  @ApiOperation({ summary: "Finishes the calendar consent (Google's redirect)" })
  @ApiFoundResponse({
    description: 'Redirects to /dashboard?tab=calendar&google=connected (or denied, failed)',
  })
  async callback(
    @Query('code') code: string | undefined,
    @Query('state') state: string | undefined,
    @Query('error') error: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const result = await this.google.finish(
      {
        ...(typeof code === 'string' ? { code } : {}),
        ...(typeof state === 'string' ? { state } : {}),
        ...(typeof error === 'string' ? { error } : {}),
      },
      request.cookies[GOOGLE_CALENDAR_STATE_COOKIE],
    );
    reply.clearCookie(GOOGLE_CALENDAR_STATE_COOKIE, this.cookieOptions);
    void reply.redirect(this.google.resultUrl(result), 302);
  }

  @Delete()
  @UseGuards(AccessTokenGuard)
  @ApiBearerAuth()
  @ApiUnauthorizedResponse({ description: 'No valid access token' })
  @ApiOperation({ summary: "Disconnects Google Calendar and withdraws Rafter's access" })
  @ApiOkResponse({ type: GoogleCalendarStatusDto })
  disconnect(@CurrentUser() user: AuthenticatedUser): Promise<GoogleCalendarStatus> {
    return this.google.disconnect(user.id);
  }
}
