import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type AnalyticsFunnelResponse } from '@rafter/domain/analytics';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { AnalyticsFunnelDto, AnalyticsQueryDto } from './analytics.dto';
import { AnalyticsService } from './analytics.service';

/** The signed-in contractor's Analytics tab. */
@ApiTags('analytics')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@ApiForbiddenResponse({ description: "'upgrade_required': no active plan" })
@UseGuards(AccessTokenGuard)
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('funnel')
  @ApiOperation({
    summary: 'The funnel over a range of days (time zone of the profile) against the period before',
    description: 'Breakdowns by source, campaign and device are null below the Smart plan.',
  })
  @ApiOkResponse({ type: AnalyticsFunnelDto })
  @ApiBadRequestResponse({ description: 'A date is invalid; the message names it' })
  funnel(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: AnalyticsQueryDto,
  ): Promise<AnalyticsFunnelResponse> {
    return this.analytics.funnel(user.id, query);
  }
}
