import { Body, Controller, Headers, HttpCode, Inject, Ip, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiNoContentResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { AnalyticsBatchDto } from './analytics.dto';
import { AnalyticsService } from './analytics.service';

const TEN_MINUTES_MS = 10 * 60_000;

/**
 * The estimator's reports (widget, embed, share page): no account, no cookies. The client's
 * address and user agent are used for the rate limit and the bot filter, never stored.
 */
@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsEventsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('events')
  @HttpCode(204)
  @ApiOperation({
    summary: "One visit's funnel steps so far (navigator.sendBeacon: a JSON string as text/plain)",
    description:
      'Answers 204 whether the report was stored or dropped (a bot, an unknown contractor, ' +
      'steps out of order, a visit id not from the last day). A step reported again counts once.',
  })
  @ApiConsumes('text/plain', 'application/json')
  @ApiBody({ type: AnalyticsBatchDto })
  @ApiNoContentResponse({ description: 'Received' })
  @ApiBadRequestResponse({ description: 'Not JSON, or a field is invalid; the message names it' })
  @ApiTooManyRequestsResponse({ description: 'Too many reports; see Retry-After' })
  async events(
    @Body() body: unknown,
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<void> {
    await this.rateLimit.consumeForClient(
      {
        name: 'analytics-ip',
        limit: this.config.RATE_LIMIT_ANALYTICS_PER_IP,
        windowMs: TEN_MINUTES_MS,
      },
      ip,
    );
    await this.analytics.ingest(body, userAgent);
  }
}
