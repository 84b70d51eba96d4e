import { Body, Controller, Get, HttpCode, HttpStatus, Ip, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import {
  MaterialPricingDto,
  MaterialPricingQueryDto,
  PublicConfigDto,
  RoofMeasurementDto,
  RoofMeasurementRequestDto,
  ShareableLinkDto,
  ShareableLinkQueryDto,
} from './calculator.dto';
import { CalculatorService } from './calculator.service';
import { RoofMeasurementService } from './roof-measurement.service';

/** Public endpoints of the estimator widget and the share page; no sign-in. */
@ApiTags('calculator')
@Controller()
export class CalculatorController {
  constructor(
    private readonly calculator: CalculatorService,
    private readonly roofMeasurements: RoofMeasurementService,
  ) {}

  @Get('public-config')
  @ApiOperation({ summary: 'Map, geocoder and demo-mode settings for the widget' })
  @ApiOkResponse({ type: PublicConfigDto })
  publicConfig(): PublicConfigDto {
    return this.calculator.publicConfig();
  }

  @Get('get-material-pricing')
  @ApiOperation({ summary: "A contractor's prices per sq ft, defaults merged under them" })
  @ApiOkResponse({ type: MaterialPricingDto })
  @ApiBadRequestResponse({ description: 'ownerId is missing or not a valid id' })
  @ApiNotFoundResponse({ description: 'Contractor not found' })
  @ApiTooManyRequestsResponse({
    description: 'Too many lookups from this visitor; see Retry-After',
  })
  materialPricing(
    @Query() query: MaterialPricingQueryDto,
    @Ip() ip: string,
  ): Promise<MaterialPricingDto> {
    return this.calculator.materialPricing(query.ownerId, ip);
  }

  @Get('get-shareable-link')
  @ApiOperation({ summary: 'The public share page: link, business profile and prices' })
  @ApiOkResponse({ type: ShareableLinkDto })
  @ApiBadRequestResponse({ description: 'slug is missing' })
  @ApiNotFoundResponse({ description: 'Calculator link not found or inactive' })
  @ApiTooManyRequestsResponse({
    description: 'Too many lookups from this visitor; see Retry-After',
  })
  shareableLink(
    @Query() query: ShareableLinkQueryDto,
    @Ip() ip: string,
  ): Promise<ShareableLinkDto> {
    return this.calculator.shareableLink(query.slug, ip);
  }

  @Post('roof-measurement')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Roof area for an address: Google Solar API, else the simulation' })
  @ApiOkResponse({ type: RoofMeasurementDto })
  @ApiBadRequestResponse({ description: 'A field is invalid; the message names it' })
  @ApiTooManyRequestsResponse({
    description: 'Too many measurements from this visitor; see Retry-After',
  })
  measureRoof(
    @Body() body: RoofMeasurementRequestDto,
    @Ip() ip: string,
  ): Promise<RoofMeasurementDto> {
    return this.roofMeasurements.measure(body, ip);
  }
}
