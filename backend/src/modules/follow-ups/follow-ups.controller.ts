import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type FollowUpSequence } from '@rafter/domain/follow-ups';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { FollowUpSequenceDto } from './follow-ups.dto';
import { FollowUpsService } from './follow-ups.service';

/** The signed-in contractor's follow-up sequence (dashboard 'Follow-ups' tab). */
@ApiTags('follow-ups')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@UseGuards(AccessTokenGuard)
@Controller('follow-ups')
export class FollowUpsController {
  constructor(private readonly followUps: FollowUpsService) {}

  @Get('sequence')
  @ApiOperation({ summary: 'The follow-up sequence, or the default one when none is saved' })
  @ApiOkResponse({ type: FollowUpSequenceDto })
  get(@CurrentUser() user: AuthenticatedUser): Promise<FollowUpSequence> {
    return this.followUps.sequence(user.id);
  }

  @Put('sequence')
  @ApiOperation({ summary: 'Saves the follow-up sequence (Smart and Instant plans)' })
  @ApiOkResponse({ type: FollowUpSequenceDto })
  @ApiBadRequestResponse({ description: 'A step is invalid; the message names it' })
  @ApiForbiddenResponse({ description: "'upgrade_required': the plan has no follow-ups" })
  save(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: FollowUpSequenceDto,
  ): Promise<FollowUpSequence> {
    return this.followUps.saveSequence(user.id, body);
  }
}
