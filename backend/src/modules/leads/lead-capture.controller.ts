import { Body, Controller, Ip, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { CaptureLeadDto, CapturedLeadDto, MainSiteLeadDto } from './lead-capture.dto';
import { LeadCaptureService } from './lead-capture.service';

/** Quote requests from the public estimator; no sign-in. */
@ApiTags('leads')
@Controller()
export class LeadCaptureController {
  constructor(private readonly leads: LeadCaptureService) {}

  @Post('capture-lead')
  @ApiOperation({ summary: "A homeowner's quote request for one contractor (owner flow)" })
  @ApiCreatedResponse({ type: CapturedLeadDto, description: "Stored, with the server's numbers" })
  @ApiBadRequestResponse({ description: 'A field is invalid; the message names it' })
  @ApiNotFoundResponse({ description: 'Contractor not found' })
  @ApiTooManyRequestsResponse({ description: 'Too many requests; see Retry-After' })
  captureLead(@Body() body: CaptureLeadDto, @Ip() ip: string): Promise<CapturedLeadDto> {
    return this.leads.captureOwnerLead(body, ip);
  }

  @Post('main-site-leads')
  @ApiOperation({ summary: "A homeowner's quote request from the main site (no contractor yet)" })
  @ApiCreatedResponse({ type: CapturedLeadDto, description: "Stored, with the server's numbers" })
  @ApiBadRequestResponse({ description: 'A field is invalid; the message names it' })
  @ApiTooManyRequestsResponse({ description: 'Too many requests; see Retry-After' })
  captureMainSiteLead(@Body() body: MainSiteLeadDto, @Ip() ip: string): Promise<CapturedLeadDto> {
    return this.leads.captureMainSiteLead(body, ip);
  }
}
