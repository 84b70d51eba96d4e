import { Body, Controller, Get, HttpStatus, Post, Put, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type MaterialPricingView, type ShareLinkView } from '@rafter/domain/settings';
import type { FastifyReply } from 'fastify';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { CalculatorSettingsService } from './calculator-settings.service';
import {
  BrandColorDto,
  CreateShareLinkDto,
  MaterialPricingSettingsDto,
  MaterialPricingViewDto,
  OwnShareLinkDto,
  ShareLinkViewDto,
} from './calculator.dto';

/** The signed-in contractor's own calculator settings: prices and the share link. */
@ApiTags('calculator-settings')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@UseGuards(AccessTokenGuard)
@Controller()
export class CalculatorSettingsController {
  constructor(private readonly settings: CalculatorSettingsService) {}

  @Get('material-pricing')
  @ApiOperation({ summary: 'The price table: saved prices over the defaults' })
  @ApiOkResponse({ type: MaterialPricingViewDto })
  pricing(@CurrentUser() user: AuthenticatedUser): Promise<MaterialPricingView> {
    return this.settings.pricing(user.id);
  }

  @Put('material-pricing')
  @ApiOperation({ summary: 'Saves every material’s price range' })
  @ApiOkResponse({ type: MaterialPricingViewDto })
  @ApiBadRequestResponse({ description: 'A price is invalid; the message names the material' })
  @ApiForbiddenResponse({ description: 'The plan has no custom pricing' })
  savePricing(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: MaterialPricingSettingsDto,
  ): Promise<MaterialPricingView> {
    return this.settings.savePricing(user.id, body);
  }

  @Get('share-link')
  @ApiOperation({ summary: 'The shareable link, or null before one is created' })
  @ApiOkResponse({ type: OwnShareLinkDto })
  shareLink(@CurrentUser() user: AuthenticatedUser): Promise<{ link: ShareLinkView | null }> {
    return this.settings.shareLink(user.id);
  }

  @Post('share-link')
  @ApiOperation({ summary: 'Creates the shareable link; answers the existing one if there is one' })
  @ApiCreatedResponse({ type: ShareLinkViewDto, description: 'Created' })
  @ApiOkResponse({ type: ShareLinkViewDto, description: 'The link already existed' })
  @ApiBadRequestResponse({ description: 'The brand colour is invalid' })
  @ApiForbiddenResponse({ description: 'The plan has no shareable link' })
  async createShareLink(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateShareLinkDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ShareLinkView> {
    const { link, created } = await this.settings.createShareLink(user.id, body.brandColor);
    reply.status(created ? HttpStatus.CREATED : HttpStatus.OK);
    return link;
  }

  @Put('share-link/brand-color')
  @ApiOperation({ summary: 'Sets the brand colour of the share page and widget' })
  @ApiOkResponse({ type: ShareLinkViewDto })
  @ApiBadRequestResponse({ description: 'The colour is not a hex colour' })
  @ApiForbiddenResponse({ description: 'The plan has no custom colours' })
  @ApiNotFoundResponse({ description: 'No shareable link yet' })
  updateBrandColor(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: BrandColorDto,
  ): Promise<ShareLinkView> {
    return this.settings.updateBrandColor(user.id, body.brandColor);
  }
}
