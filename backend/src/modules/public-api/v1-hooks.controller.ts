import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
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
import { type Hook, WEBHOOK_EVENT_TYPES, type WebhookPayload } from '@rafter/domain/webhooks';
import { type ApiCaller } from '../api-keys/api-keys.service';
import { WebhookSamplesService } from '../webhooks/webhook-samples.service';
import { WebhooksService } from '../webhooks/webhooks.service';
import { CurrentApiCaller, RequireScope } from './api-caller.decorator';
import { ApiKeyGuard } from './api-key.guard';
import {
  ApiProblems,
  FORBIDDEN,
  HOOK_NOT_FOUND,
  IDEMPOTENCY,
  IDEMPOTENCY_HEADER,
  TOO_MANY_ENDPOINTS,
} from './api-problems.decorator';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { CreateHookDto, HookDto, HookSamplesParamsDto, WebhookPayloadDto } from './public-api.dto';
import { CREATE_HOOK_EXAMPLE, HOOK_EXAMPLE, HOOK_SAMPLES_EXAMPLE } from './public-api.examples';

/**
 * Zapier REST hooks (docs/zapier.md): a Zap subscribes its target URL to one event when it is
 * turned on and unsubscribes when it is turned off; the recent-items list gives the Zap editor
 * sample data. Each hook is a webhook endpoint of source `zapier`, so it is delivered, retried,
 * SSRF-checked and logged like every endpoint, and shown in the dashboard's Integrations tab.
 */
@ApiTags('hooks')
@ApiBearerAuth('apiKey')
@UseGuards(ApiKeyGuard)
@UseInterceptors(IdempotencyInterceptor)
@RequireScope('webhooks:manage')
@Controller('v1/hooks')
export class V1HooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly samples: WebhookSamplesService,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listHooks',
    summary: 'List REST hook subscriptions',
    description:
      "The contractor's REST hook subscriptions (Zapier's), oldest first. Endpoints added in the dashboard or through `/api/v1/webhook-endpoints` are not hooks and are not listed. Needs `webhooks:manage`.",
  })
  @ApiOkResponse({ type: [HookDto], example: [HOOK_EXAMPLE] })
  @ApiProblems(FORBIDDEN)
  list(@CurrentApiCaller() caller: ApiCaller): Promise<Hook[]> {
    return this.webhooks.hooks(caller.ownerId);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'subscribeHook',
    summary: 'Subscribe a REST hook',
    description:
      "Subscribes `target_url` (https) to one event; Zapier calls it with its `bundle.targetUrl` when a Zap is turned on and keeps the answer's `id` to unsubscribe. Each event is then POSTed to the URL as JSON (`{ id, type, timestamp, data }`, the payload of every webhook, signed with the Standard Webhooks headers). A target answering 410 Gone is unsubscribed. Counts toward the 10 webhook endpoints per contractor. Needs `webhooks:manage`.",
  })
  @ApiBody({ type: CreateHookDto, examples: { newLead: { value: CREATE_HOOK_EXAMPLE } } })
  @ApiCreatedResponse({ type: HookDto, example: HOOK_EXAMPLE })
  @ApiProblems(
    FORBIDDEN,
    [400, 'invalid_url', 'The URL must start with https:// (or validation_failed: event: …)'],
    TOO_MANY_ENDPOINTS,
    IDEMPOTENCY,
  )
  subscribe(@CurrentApiCaller() caller: ApiCaller, @Body() body: CreateHookDto): Promise<Hook> {
    return this.webhooks.subscribeHook(caller.ownerId, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiParam({
    name: 'id',
    description: "The hook's id, from its subscription",
    example: HOOK_EXAMPLE.id,
  })
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'unsubscribeHook',
    summary: 'Unsubscribe a REST hook',
    description:
      'Removes the subscription and its delivery log; Zapier calls it when a Zap is turned off. Only hooks: an endpoint added otherwise is 404 here (delete it with `DELETE /api/v1/webhook-endpoints/{id}`). Needs `webhooks:manage`.',
  })
  @ApiNoContentResponse({ description: 'Unsubscribed' })
  @ApiProblems(FORBIDDEN, HOOK_NOT_FOUND, IDEMPOTENCY)
  async unsubscribe(@CurrentApiCaller() caller: ApiCaller, @Param('id') id: string): Promise<void> {
    await this.webhooks.unsubscribeHook(caller.ownerId, id);
  }

  @Get('samples/:event')
  @ApiParam({
    name: 'event',
    description: 'The event type',
    enum: WEBHOOK_EVENT_TYPES,
    example: 'lead.created',
  })
  @ApiOperation({
    operationId: 'listHookSamples',
    summary: "An event's recent items",
    description:
      "Up to three payloads of the event, newest first, in exactly the shape a hook delivers (`{ id, type, timestamp, data }`), built from the contractor's own recent leads and changes (the lead as it is now; a locked lead without contact details). Zapier's `performList` uses it for the Zap editor's sample data. With no such event yet, and always for `lead.deleted` and `booking.created`, one example payload marked `\"example\": true`. Needs `webhooks:manage`.",
  })
  @ApiOkResponse({ type: [WebhookPayloadDto], example: HOOK_SAMPLES_EXAMPLE })
  @ApiProblems(FORBIDDEN, [400, 'validation_failed', 'event: Invalid option'])
  recent(
    @CurrentApiCaller() caller: ApiCaller,
    @Param() params: HookSamplesParamsDto,
  ): Promise<WebhookPayload[]> {
    return this.samples.recent(caller.ownerId, params.event);
  }
}
