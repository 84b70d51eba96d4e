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
import { type TextSettingsView } from '@rafter/domain/texts';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { TextSettingsViewDto, UpdateTextSettingsDto } from './texts.dto';
import { TextsService } from './texts.service';

/** The signed-in contractor's text settings: their mobile and speed-to-lead texts. */
@ApiTags('texts')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@UseGuards(AccessTokenGuard)
@Controller('settings/texts')
export class TextSettingsController {
  constructor(private readonly texts: TextsService) {}

  @Get()
  @ApiOperation({ summary: 'The mobile number and whether new leads are texted to it' })
  @ApiOkResponse({ type: TextSettingsViewDto })
  get(@CurrentUser() user: AuthenticatedUser): Promise<TextSettingsView> {
    return this.texts.settings(user.id);
  }

  @Put()
  @ApiOperation({
    summary: 'Saves the mobile number (stored in E.164) and the new-lead texts switch',
  })
  @ApiOkResponse({ type: TextSettingsViewDto })
  @ApiBadRequestResponse({ description: 'A field is invalid; the message names it' })
  @ApiForbiddenResponse({ description: 'New-lead texts need a plan with automated follow-ups' })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: UpdateTextSettingsDto,
  ): Promise<TextSettingsView> {
    return this.texts.saveSettings(user.id, body);
  }
}
