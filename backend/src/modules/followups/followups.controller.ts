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
import { type FollowupSettingsView } from '@rafter/domain/followups';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { FollowupSettingsDto, FollowupSettingsViewDto } from './followups.dto';
import { FollowupsService } from './followups.service';

/** The signed-in contractor's follow-up settings. */
@ApiTags('followups')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@UseGuards(AccessTokenGuard)
@Controller('followups')
export class FollowupsController {
  constructor(private readonly followups: FollowupsService) {}

  @Get('settings')
  @ApiOperation({ summary: 'Follow-up settings (the defaults before any are saved)' })
  @ApiOkResponse({ type: FollowupSettingsViewDto })
  settings(@CurrentUser() user: AuthenticatedUser): Promise<FollowupSettingsView> {
    return this.followups.settings(user.id);
  }

  @Put('settings')
  @ApiOperation({ summary: 'Saves the follow-up settings' })
  @ApiOkResponse({ type: FollowupSettingsViewDto })
  @ApiBadRequestResponse({ description: 'A setting is invalid; the message names it' })
  @ApiForbiddenResponse({ description: 'The plan has no automated follow-ups' })
  saveSettings(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: FollowupSettingsDto,
  ): Promise<FollowupSettingsView> {
    return this.followups.saveSettings(user.id, body);
  }
}
