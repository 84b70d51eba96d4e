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
import { type LeadTrends } from '@rafter/domain/lead-trends';
import { AccessTokenGuard } from '../../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../../auth/current-user.decorator';
import { LeadTrendsDto, LeadTrendsQueryDto } from './lead-trends.dto';
import { LeadTrendsService } from './lead-trends.service';

/** The Analytics tab's leads and pipeline value for the signed-in contractor. */
@ApiTags('analytics')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@UseGuards(AccessTokenGuard)
@Controller('analytics')
export class LeadTrendsController {
  constructor(private readonly trends: LeadTrendsService) {}

  @Get('leads')
  @ApiOperation({
    summary:
      'Leads received, pipeline value and won jobs per day (time zone of the profile), with totals for the range and the period before',
    description:
      'Spam left out, locked leads counted. Pipeline value: estimate averages of leads not Lost; won value: sold prices where entered, else estimate averages. Whole dollars.',
  })
  @ApiOkResponse({ type: LeadTrendsDto })
  @ApiBadRequestResponse({ description: 'A date is invalid; the message names it' })
  @ApiForbiddenResponse({ description: "'upgrade_required': no active plan" })
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: LeadTrendsQueryDto,
  ): Promise<LeadTrends> {
    return this.trends.trends(user.id, query);
  }
}
