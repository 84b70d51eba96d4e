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
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@rafter/domain/webhooks';
import { type ApiCaller } from '../api-keys/api-keys.service';
import {
  CreateWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhookDeliveryDto,
  WebhookDeliveryPageDto,
  WebhookDeliveryQueryDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
} from '../webhooks/webhooks.dto';
import { WebhooksService } from '../webhooks/webhooks.service';
import { CurrentApiCaller, RequireScope } from './api-caller.decorator';
import { ApiKeyGuard } from './api-key.guard';
import {
  ApiProblems,
  DELIVERY_NOT_FOUND,
  ENDPOINT_NOT_FOUND,
  FORBIDDEN,
  IDEMPOTENCY,
  IDEMPOTENCY_HEADER,
  TOO_MANY_ENDPOINTS,
} from './api-problems.decorator';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import {
  CREATE_WEBHOOK_ENDPOINT_EXAMPLE,
  WEBHOOK_DELIVERY_EXAMPLE,
  WEBHOOK_DELIVERY_PAGE_EXAMPLE,
  WEBHOOK_ENDPOINT_EXAMPLE,
  WEBHOOK_ENDPOINT_WITH_SECRET_EXAMPLE,
} from './public-api.examples';

const ENDPOINT_ID = ApiParam({
  name: 'id',
  description: "The endpoint's id",
  example: WEBHOOK_ENDPOINT_EXAMPLE.id,
});

const DELIVERY_ID = ApiParam({
  name: 'deliveryId',
  description: "The delivery's id (its `webhook-id` header is `msg_` and this id without dashes)",
  example: WEBHOOK_DELIVERY_EXAMPLE.id,
});

const URL_INVALID = [
  400,
  'invalid_url',
  'The URL must start with https:// (or validation_failed: events: Choose at least one event)',
] as const;

/**
 * The key's contractor's webhook endpoints and delivery logs, as the dashboard's Integrations tab
 * shows them (docs/webhooks.md), for scripts and integrations. Needs `webhooks:manage`.
 */
@ApiTags('webhooks')
@ApiBearerAuth('apiKey')
@UseGuards(ApiKeyGuard)
@UseInterceptors(IdempotencyInterceptor)
@RequireScope('webhooks:manage')
@Controller('v1/webhook-endpoints')
export class V1WebhookEndpointsController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOperation({
    operationId: 'listWebhookEndpoints',
    summary: 'List webhook endpoints',
    description:
      'Every endpoint of the contractor, oldest first, whether added in the dashboard (`source: "dashboard"`), through this API (`"api"`) or by a Zapier Zap (`"zapier"`, see `/api/v1/hooks`). Secrets show only their prefix. Needs `webhooks:manage`.',
  })
  @ApiOkResponse({ type: [WebhookEndpointDto], example: [WEBHOOK_ENDPOINT_EXAMPLE] })
  @ApiProblems(FORBIDDEN)
  list(@CurrentApiCaller() caller: ApiCaller): Promise<WebhookEndpoint[]> {
    return this.webhooks.list(caller.ownerId);
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'createWebhookEndpoint',
    summary: 'Create a webhook endpoint',
    description:
      'Adds an https endpoint for the chosen events (`lead.created`, `lead.updated`, `lead.status_changed`, `lead.note_added`, `lead.deleted`, `subscription.changed`, `booking.created`). The answer holds the signing secret in full, this once: keep it to verify the `webhook-signature` header (Standard Webhooks). At most 10 endpoints per contractor, Zapier hooks included. A retry with the same `Idempotency-Key` answers the same endpoint and secret. Needs `webhooks:manage`.',
  })
  @ApiBody({
    type: CreateWebhookEndpointDto,
    examples: { crm: { value: CREATE_WEBHOOK_ENDPOINT_EXAMPLE } },
  })
  @ApiCreatedResponse({
    type: WebhookEndpointWithSecretDto,
    example: WEBHOOK_ENDPOINT_WITH_SECRET_EXAMPLE,
  })
  @ApiProblems(FORBIDDEN, [...URL_INVALID], TOO_MANY_ENDPOINTS, IDEMPOTENCY)
  create(
    @CurrentApiCaller() caller: ApiCaller,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.create(caller.ownerId, body, 'api');
  }

  @Get(':id')
  @ENDPOINT_ID
  @ApiOperation({
    operationId: 'getWebhookEndpoint',
    summary: 'Get a webhook endpoint',
    description:
      'One endpoint: its URL, events, whether it is enabled (and why not: `failing` after three days of failed deliveries, `paused` by the contractor) and its secret prefix. Needs `webhooks:manage`.',
  })
  @ApiOkResponse({ type: WebhookEndpointDto, example: WEBHOOK_ENDPOINT_EXAMPLE })
  @ApiProblems(FORBIDDEN, ENDPOINT_NOT_FOUND)
  get(@CurrentApiCaller() caller: ApiCaller, @Param('id') id: string): Promise<WebhookEndpoint> {
    return this.webhooks.get(caller.ownerId, id);
  }

  @Patch(':id')
  @ENDPOINT_ID
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'updateWebhookEndpoint',
    summary: 'Update a webhook endpoint',
    description:
      'Changes the URL, description or events; `enabled: false` pauses deliveries, `enabled: true` turns the endpoint back on (also one disabled by failures; resend what failed from its deliveries). Only the fields sent change. Needs `webhooks:manage`.',
  })
  @ApiBody({
    type: UpdateWebhookEndpointDto,
    examples: {
      pause: { value: { enabled: false } },
      events: { value: { events: ['lead.created', 'lead.updated'] } },
    },
  })
  @ApiOkResponse({
    type: WebhookEndpointDto,
    example: { ...WEBHOOK_ENDPOINT_EXAMPLE, events: ['lead.created', 'lead.updated'] },
  })
  @ApiProblems(FORBIDDEN, ENDPOINT_NOT_FOUND, [...URL_INVALID], IDEMPOTENCY)
  update(
    @CurrentApiCaller() caller: ApiCaller,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpoint> {
    return this.webhooks.update(caller.ownerId, id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ENDPOINT_ID
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    description:
      'Deletes the endpoint and its delivery log; nothing more is sent to it. Needs `webhooks:manage`.',
  })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiProblems(FORBIDDEN, ENDPOINT_NOT_FOUND, IDEMPOTENCY)
  async remove(@CurrentApiCaller() caller: ApiCaller, @Param('id') id: string): Promise<void> {
    await this.webhooks.remove(caller.ownerId, id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @ENDPOINT_ID
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'rotateWebhookEndpointSecret',
    summary: "Rotate an endpoint's signing secret",
    description:
      'A new signing secret, answered in full this once. For 24 hours (`previousSecretExpiresAt`) deliveries are signed with both the new and the old secret, so the receiver can switch without losing one. Needs `webhooks:manage`.',
  })
  @ApiOkResponse({
    type: WebhookEndpointWithSecretDto,
    example: {
      ...WEBHOOK_ENDPOINT_WITH_SECRET_EXAMPLE,
      previousSecretExpiresAt: '2026-12-02T15:00:00.000Z',
    },
  })
  @ApiProblems(FORBIDDEN, ENDPOINT_NOT_FOUND, IDEMPOTENCY)
  rotateSecret(
    @CurrentApiCaller() caller: ApiCaller,
    @Param('id') id: string,
  ): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.rotateSecret(caller.ownerId, id);
  }

  @Post(':id/test')
  @HttpCode(HttpStatus.CREATED)
  @ENDPOINT_ID
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'sendWebhookTestEvent',
    summary: 'Send a test event',
    description:
      'Queues a `webhook.test` delivery to the endpoint, whatever events it subscribed to, signed like every delivery; the answer is the queued delivery (follow it in the deliveries list). Needs `webhooks:manage`.',
  })
  @ApiCreatedResponse({
    type: WebhookDeliveryDto,
    example: {
      ...WEBHOOK_DELIVERY_EXAMPLE,
      eventType: 'webhook.test',
      state: 'pending',
      attempts: 0,
      lastStatusCode: null,
      nextAttemptAt: '2026-12-01T15:04:06.000Z',
      attemptLog: [],
    },
  })
  @ApiProblems(FORBIDDEN, ENDPOINT_NOT_FOUND, IDEMPOTENCY)
  sendTest(
    @CurrentApiCaller() caller: ApiCaller,
    @Param('id') id: string,
  ): Promise<WebhookDelivery> {
    return this.webhooks.sendTest(caller.ownerId, id);
  }

  @Get(':id/deliveries')
  @ENDPOINT_ID
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: "List an endpoint's deliveries",
    description:
      'The delivery log, newest first, each delivery with its attempts (status code, duration, request and response excerpts of up to 2 KB), as the dashboard shows it. `limit` 1-100 (20 by default); pass `nextCursor` back as `cursor` for the next page, null means the last. Needs `webhooks:manage`.',
  })
  @ApiOkResponse({ type: WebhookDeliveryPageDto, example: WEBHOOK_DELIVERY_PAGE_EXAMPLE })
  @ApiProblems(FORBIDDEN, ENDPOINT_NOT_FOUND, [
    400,
    'invalid_cursor',
    'Cursor is not valid: start again from the first page',
  ])
  deliveries(
    @CurrentApiCaller() caller: ApiCaller,
    @Param('id') id: string,
    @Query() query: WebhookDeliveryQueryDto,
  ): Promise<WebhookDeliveryPage> {
    return this.webhooks.deliveries(caller.ownerId, id, query);
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(HttpStatus.OK)
  @ENDPOINT_ID
  @DELIVERY_ID
  @IDEMPOTENCY_HEADER
  @ApiOperation({
    operationId: 'resendWebhookDelivery',
    summary: 'Resend a delivery',
    description:
      'Sends the delivery again now, with its original `webhook-id` (receivers de-duplicate by it) and a fresh three-day retry window, whatever its state. Needs `webhooks:manage`.',
  })
  @ApiOkResponse({
    type: WebhookDeliveryDto,
    example: { ...WEBHOOK_DELIVERY_EXAMPLE, state: 'pending' },
  })
  @ApiProblems(FORBIDDEN, ENDPOINT_NOT_FOUND, DELIVERY_NOT_FOUND, IDEMPOTENCY)
  resend(
    @CurrentApiCaller() caller: ApiCaller,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDelivery> {
    return this.webhooks.resend(caller.ownerId, id, deliveryId);
  }
}
