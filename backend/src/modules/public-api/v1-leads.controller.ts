import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import {
  type LeadDetail,
  type LeadListItem,
  type LeadPage,
  type LeadTimelineEntry,
} from '@rafter/domain/crm';
import { type ApiCaller } from '../api-keys/api-keys.service';
import {
  AddLeadNoteDto,
  LeadDetailDto,
  LeadListItemDto,
  LeadPageDto,
  LeadTimelineEntryDto,
  UpdateLeadStatusDto,
} from '../leads/leads.dto';
import { LeadsService } from '../leads/leads.service';
import { CurrentApiCaller, RequireScope } from './api-caller.decorator';
import { ApiKeyGuard } from './api-key.guard';
import {
  ApiProblems,
  FORBIDDEN,
  IDEMPOTENCY,
  IDEMPOTENCY_HEADER,
  INVALID,
  NOT_FOUND,
} from './api-problems.decorator';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { V1CreateLeadDto, V1LeadListQueryDto } from './public-api.dto';
import {
  CREATE_LEAD_EXAMPLE,
  LEAD_DETAIL_EXAMPLE,
  LEAD_EXAMPLE,
  LEAD_PAGE_EXAMPLE,
  TIMELINE_NOTE_EXAMPLE,
} from './public-api.examples';
import { PublicApiService } from './public-api.service';

const LEAD_ID = ApiParam({
  name: 'id',
  description: "The lead's id",
  example: LEAD_EXAMPLE.id,
});

/** The key's contractor's leads: the dashboard's CRM, for other systems. */
@ApiTags('leads')
@ApiBearerAuth('apiKey')
@UseGuards(ApiKeyGuard)
@UseInterceptors(IdempotencyInterceptor)
@Controller('v1/leads')
export class V1LeadsController {
  constructor(
    private readonly leads: LeadsService,
    private readonly api: PublicApiService,
  ) {}

  @Get()
  @RequireScope('leads:read')
  @ApiOperation({
    operationId: 'listLeads',
    summary: 'List leads',
    description:
      'One page of leads, newest first by default: search (`q`, never matching a locked lead), status filter, sort (`latest`, `score`, `value`) and `updated_since` for syncs. Pass `nextCursor` back as `cursor` for the next page; null means the last page. Locked leads (over the plan\'s monthly allowance) have name "Locked lead" and no contact details. Needs `leads:read`.',
  })
  @ApiOkResponse({ type: LeadPageDto, example: LEAD_PAGE_EXAMPLE })
  @ApiProblems(FORBIDDEN, [
    400,
    'invalid_cursor',
    'Cursor is not valid: start again from the first page',
  ])
  list(
    @CurrentApiCaller() caller: ApiCaller,
    @Query() query: V1LeadListQueryDto,
  ): Promise<LeadPage> {
    return this.api.list(caller.ownerId, query);
  }

  @Post()
  @RequireScope('leads:write')
  @HttpCode(HttpStatus.CREATED)
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'createLead',
    summary: 'Create a lead',
    description:
      'A lead from another source (a phone call, a walk-in), stored with `source: "api"`. The server computes the estimate from your material prices and the score as for a homeowner\'s quote request, and counts it toward the month: past your plan\'s allowance it is stored locked. Needs `leads:write`.',
  })
  @ApiBody({ type: V1CreateLeadDto, examples: { phoneCall: { value: CREATE_LEAD_EXAMPLE } } })
  @ApiCreatedResponse({ type: LeadDetailDto, example: LEAD_DETAIL_EXAMPLE })
  @ApiProblems(
    FORBIDDEN,
    [400, 'validation_failed', 'email: Enter a valid email address'],
    IDEMPOTENCY,
  )
  create(
    @CurrentApiCaller() caller: ApiCaller,
    @Body() body: V1CreateLeadDto,
  ): Promise<LeadDetail> {
    return this.api.create(caller.ownerId, body);
  }

  @Get(':id')
  @RequireScope('leads:read')
  @LEAD_ID
  @ApiOperation({
    operationId: 'getLead',
    summary: 'Get a lead',
    description:
      'One lead with its timeline, and its score reasons on the Smart plan and up. Needs `leads:read`.',
  })
  @ApiOkResponse({ type: LeadDetailDto, example: LEAD_DETAIL_EXAMPLE })
  @ApiProblems(FORBIDDEN, NOT_FOUND)
  detail(@CurrentApiCaller() caller: ApiCaller, @Param('id') id: string): Promise<LeadDetail> {
    return this.leads.detail(caller.ownerId, id);
  }

  @Patch(':id/status')
  @RequireScope('leads:write')
  @LEAD_ID
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'updateLeadStatus',
    summary: "Update a lead's status",
    description:
      'Moves the lead to `new`, `contacted`, `qualified`, `converted` or `lost` and records the change in its timeline (nothing is recorded when the status is unchanged). Needs `leads:write`.',
  })
  @ApiBody({
    type: UpdateLeadStatusDto,
    examples: { contacted: { value: { status: 'contacted' } } },
  })
  @ApiOkResponse({ type: LeadListItemDto, example: { ...LEAD_EXAMPLE, status: 'contacted' } })
  @ApiProblems(FORBIDDEN, NOT_FOUND, INVALID, IDEMPOTENCY)
  updateStatus(
    @CurrentApiCaller() caller: ApiCaller,
    @Param('id') id: string,
    @Body() body: UpdateLeadStatusDto,
  ): Promise<LeadListItem> {
    return this.leads.updateStatus(caller.ownerId, id, body.status);
  }

  @Post(':id/notes')
  @RequireScope('leads:write')
  @HttpCode(HttpStatus.CREATED)
  @LEAD_ID
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'addLeadNote',
    summary: 'Add a note to a lead',
    description: "Adds a note (1-2000 characters) to the lead's timeline. Needs `leads:write`.",
  })
  @ApiBody({
    type: AddLeadNoteDto,
    examples: { callback: { value: { body: TIMELINE_NOTE_EXAMPLE.note } } },
  })
  @ApiCreatedResponse({ type: LeadTimelineEntryDto, example: TIMELINE_NOTE_EXAMPLE })
  @ApiProblems(
    FORBIDDEN,
    NOT_FOUND,
    [400, 'validation_failed', 'body: Note is required'],
    IDEMPOTENCY,
  )
  addNote(
    @CurrentApiCaller() caller: ApiCaller,
    @Param('id') id: string,
    @Body() body: AddLeadNoteDto,
  ): Promise<LeadTimelineEntry> {
    return this.leads.addNote(caller.ownerId, id, body.body);
  }

  @Delete(':id')
  @RequireScope('leads:write')
  @HttpCode(HttpStatus.NO_CONTENT)
  @LEAD_ID
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'deleteLead',
    summary: 'Delete a lead',
    description:
      "Deletes the lead, its notes and timeline for good, for a homeowner's privacy request. It no longer counts toward the month, so a locked lead may unlock. Needs `leads:write`.",
  })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiProblems(FORBIDDEN, NOT_FOUND, IDEMPOTENCY)
  async delete(@CurrentApiCaller() caller: ApiCaller, @Param('id') id: string): Promise<void> {
    await this.api.delete(caller.ownerId, id);
  }
}
