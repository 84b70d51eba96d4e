import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Put,
  Query,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  type DashboardMetrics,
  type LeadCounts,
  type LeadDetail,
  type LeadListItem,
  type LeadPage,
  type LeadTimelineEntry,
} from '@rafter/domain/crm';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import {
  AddLeadNoteDto,
  DashboardMetricsDto,
  LeadCountsDto,
  LeadCountsQueryDto,
  LeadDetailDto,
  LeadExportQueryDto,
  LeadListItemDto,
  LeadListQueryDto,
  LeadPageDto,
  LeadSoldPriceDto,
  LeadTimelineEntryDto,
  MarkLeadSpamDto,
  UpdateLeadStatusDto,
} from './leads.dto';
import { LeadsService } from './leads.service';
import { LeadSpamService } from './lead-spam.service';

/** The signed-in contractor's own leads (the dashboard's CRM). */
@ApiTags('leads')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@UseGuards(AccessTokenGuard)
@Controller('leads')
export class LeadsController {
  constructor(
    private readonly leads: LeadsService,
    private readonly spam: LeadSpamService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'One page of leads: search, status filter, sort, keyset cursor' })
  @ApiOkResponse({ type: LeadPageDto })
  @ApiBadRequestResponse({ description: 'A query parameter or the cursor is invalid' })
  list(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: LeadListQueryDto,
  ): Promise<LeadPage> {
    return this.leads.list(user.id, query);
  }

  @Get('counts')
  @ApiOperation({ summary: 'Leads per status (and all) for the current search' })
  @ApiOkResponse({ type: LeadCountsDto })
  counts(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: LeadCountsQueryDto,
  ): Promise<LeadCounts> {
    return this.leads.counts(user.id, query);
  }

  @Get('metrics')
  @ApiOperation({ summary: "The dashboard tab's numbers, charts and recent leads" })
  @ApiOkResponse({ type: DashboardMetricsDto })
  metrics(@CurrentUser() user: AuthenticatedUser): Promise<DashboardMetrics> {
    return this.leads.metrics(user.id);
  }

  @Get('export')
  @ApiOperation({ summary: 'All leads, or the current search and status, as CSV or JSON' })
  @ApiOkResponse({ description: 'A streamed file download' })
  export(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: LeadExportQueryDto,
  ): StreamableFile {
    const file = this.leads.export(user.id, query);
    return new StreamableFile(file.body, {
      type: file.contentType,
      disposition: `attachment; filename="${file.fileName}"`,
    });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One lead with its score reasons (Smart and up) and timeline' })
  @ApiOkResponse({ type: LeadDetailDto })
  @ApiNotFoundResponse({ description: 'No such lead of yours' })
  detail(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<LeadDetail> {
    return this.leads.detail(user.id, id);
  }

  @Patch(':id/status')
  @ApiOperation({ summary: "Changes a lead's status and records it in the timeline" })
  @ApiOkResponse({ type: LeadListItemDto })
  @ApiNotFoundResponse({ description: 'No such lead of yours' })
  @ApiBadRequestResponse({ description: 'The status is invalid' })
  updateStatus(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: UpdateLeadStatusDto,
  ): Promise<LeadListItem> {
    return this.leads.updateStatus(user.id, id, body.status);
  }

  @Put(':id/sold-price')
  @ApiOperation({
    summary:
      'Sets what a Converted lead sold for (whole dollars), or clears it with null; it shows in the timeline and in estimate accuracy',
  })
  @ApiOkResponse({ type: LeadDetailDto })
  @ApiNotFoundResponse({ description: 'No such lead of yours' })
  @ApiBadRequestResponse({ description: 'The price is not whole dollars from 1 to 2,000,000' })
  @ApiConflictResponse({ description: 'The lead is not Converted' })
  setSoldPrice(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: LeadSoldPriceDto,
  ): Promise<LeadDetail> {
    return this.leads.setSoldPrice(user.id, id, body.soldPrice);
  }

  @Patch(':id/spam')
  @ApiOperation({
    summary:
      "Flags a lead as spam (spam: true) or takes the flag back (spam: false): a flagged lead leaves the lists, figures and export and gives back its place in the month's lead allowance",
  })
  @ApiOkResponse({ type: LeadDetailDto })
  @ApiNotFoundResponse({ description: 'No such lead of yours' })
  @ApiBadRequestResponse({ description: 'spam is missing or not true or false' })
  markSpam(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: MarkLeadSpamDto,
  ): Promise<LeadDetail> {
    return this.spam.mark(user.id, id, body.spam);
  }

  @Post(':id/notes')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Adds a note to the lead; it shows in the timeline' })
  @ApiCreatedResponse({ type: LeadTimelineEntryDto })
  @ApiNotFoundResponse({ description: 'No such lead of yours' })
  @ApiBadRequestResponse({ description: 'The note is empty or too long' })
  addNote(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: AddLeadNoteDto,
  ): Promise<LeadTimelineEntry> {
    return this.leads.addNote(user.id, id, body.body);
  }
}
