import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Put,
  Req,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type BusinessProfileView } from '@rafter/domain/settings';
import type { FastifyRequest } from 'fastify';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { readLogoUpload } from './logo-upload';
import { BusinessProfileViewDto, LogoUrlDto, UpdateBusinessProfileDto } from './profiles.dto';
import { ProfilesService } from './profiles.service';

/** The signed-in contractor's own business profile and logo. */
@ApiTags('profile')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@UseGuards(AccessTokenGuard)
@Controller('profile')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get()
  @ApiOperation({ summary: 'The business profile, or the defaults when none is saved' })
  @ApiOkResponse({ type: BusinessProfileViewDto })
  get(@CurrentUser() user: AuthenticatedUser): Promise<BusinessProfileView> {
    return this.profiles.get(user.id);
  }

  @Put()
  @ApiOperation({ summary: 'Saves the business profile' })
  @ApiOkResponse({ type: BusinessProfileViewDto })
  @ApiBadRequestResponse({ description: 'A field is invalid; the message names it' })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: UpdateBusinessProfileDto,
  ): Promise<BusinessProfileView> {
    return this.profiles.update(user.id, body);
  }

  @Post('logo')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Uploads a PNG, JPEG, GIF or WebP logo (multipart field `logo`)' })
  @ApiConsumes('multipart/form-data')
  @ApiOkResponse({ type: LogoUrlDto })
  @ApiBadRequestResponse({ description: 'Please select an image file' })
  @ApiForbiddenResponse({ description: 'The plan has no custom logo' })
  @ApiPayloadTooLargeResponse({ description: 'Logo must be less than 2MB' })
  uploadLogo(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ): Promise<{ logoUrl: string }> {
    return this.profiles.uploadLogo(user.id, () => readLogoUpload(request));
  }

  @Delete('logo')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Removes the logo' })
  @ApiNoContentResponse({ description: 'Removed (or there was none)' })
  removeLogo(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    return this.profiles.removeLogo(user.id);
  }
}
