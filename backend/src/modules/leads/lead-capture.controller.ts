import { Body, Controller, Get, Header, HttpStatus, Inject, Ip, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { type FormTokenResponse } from '@rafter/domain/lead';
import {
  CaptureLeadDto,
  CapturedLeadDto,
  ChallengeRequiredDto,
  FormTokenDto,
  FormTokenQueryDto,
  MainSiteLeadDto,
} from './lead-capture.dto';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { BookingTokens } from '../../core/links/booking-tokens';
import { type CapturedLead, LeadCaptureService } from './lead-capture.service';
import { FormTokenService } from './form-token.service';

const CHALLENGE_REQUIRED = {
  status: HttpStatus.PRECONDITION_REQUIRED,
  type: ChallengeRequiredDto,
  description:
    'The calculator is under a burst of requests: solve the challenge and send the same request again with challengeSolution',
};

/** Quote requests from the public estimator; no sign-in. */
@ApiTags('leads')
@Controller()
export class LeadCaptureController {
  constructor(
    private readonly leads: LeadCaptureService,
    private readonly formTokens: FormTokenService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.bookingTokens = new BookingTokens(config.AUTH_SECRET);
  }

  private readonly bookingTokens: BookingTokens;

  @Get('form-token')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      "A single-use form token for one quote request from a contractor's calculator (ownerId) or the main site (no ownerId)",
  })
  @ApiOkResponse({ type: FormTokenDto })
  @ApiBadRequestResponse({ description: 'A query parameter is invalid; the message names it' })
  @ApiTooManyRequestsResponse({ description: 'Too many requests; see Retry-After' })
  formToken(@Query() query: FormTokenQueryDto, @Ip() ip: string): Promise<FormTokenResponse> {
    return this.formTokens.issue(query.ownerId ?? null, query.previous, ip);
  }

  @Post('capture-lead')
  @ApiOperation({ summary: "A homeowner's quote request for one contractor (owner flow)" })
  @ApiCreatedResponse({ type: CapturedLeadDto, description: "Stored, with the server's numbers" })
  @ApiBadRequestResponse({ description: 'A field is invalid; the message names it' })
  @ApiNotFoundResponse({ description: 'Contractor not found' })
  @ApiResponse(CHALLENGE_REQUIRED)
  @ApiTooManyRequestsResponse({ description: 'Too many requests; see Retry-After' })
  async captureLead(@Body() body: CaptureLeadDto, @Ip() ip: string): Promise<CapturedLeadDto> {
    const lead = await this.leads.captureOwnerLead(body, ip);
    // The homeowner's key to 'Book a free roof inspection' (docs/calendar.md).
    return answer(lead, this.bookingTokens.book({ ownerId: body.ownerId, leadId: lead.id }));
  }

  @Post('main-site-leads')
  @ApiOperation({ summary: "A homeowner's quote request from the main site (no contractor yet)" })
  @ApiCreatedResponse({ type: CapturedLeadDto, description: "Stored, with the server's numbers" })
  @ApiBadRequestResponse({ description: 'A field is invalid; the message names it' })
  @ApiResponse(CHALLENGE_REQUIRED)
  @ApiTooManyRequestsResponse({ description: 'Too many requests; see Retry-After' })
  async captureMainSiteLead(
    @Body() body: MainSiteLeadDto,
    @Ip() ip: string,
  ): Promise<CapturedLeadDto> {
    return answer(await this.leads.captureMainSiteLead(body, ip), null);
  }
}

/** The answer to a quote request. Named fields, not `{ ...lead, bookingToken }`: decision 0044. */
function answer(lead: CapturedLead, bookingToken: string | null): CapturedLeadDto {
  return {
    id: lead.id,
    roofArea: lead.roofArea,
    estimate: lead.estimate,
    score: lead.score,
    bookingToken,
  };
}
