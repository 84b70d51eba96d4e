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
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@rafter/domain/webhooks';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import {
  CreateWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhookDeliveryDto,
  WebhookDeliveryPageDto,
  WebhookDeliveryQueryDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
} from './webhooks.dto';
import { WebhooksService } from './webhooks.service';

/** The signed-in contractor's webhook endpoints and their delivery logs (dashboard session only). */
@ApiTags('webhooks')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@ApiNotFoundResponse({ description: 'No such endpoint (or delivery) of the caller' })
@UseGuards(AccessTokenGuard)
@Controller('webhook-endpoints')
export class WebhookEndpointsController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOperation({ summary: "The caller's webhook endpoints" })
  @ApiOkResponse({ type: [WebhookEndpointDto] })
  list(@CurrentUser() user: AuthenticatedUser): Promise<WebhookEndpoint[]> {
    return this.webhooks.list(user.id);
  }

  @Post()
  @ApiOperation({ summary: 'Adds an endpoint; the answer holds its signing secret, shown once' })
  @ApiCreatedResponse({ type: WebhookEndpointWithSecretDto })
  @ApiBadRequestResponse({ description: 'Invalid URL or events' })
  @ApiForbiddenResponse({ description: 'The plan has no webhooks (Smart and Instant do)' })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.create(user.id, body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One endpoint' })
  @ApiOkResponse({ type: WebhookEndpointDto })
  get(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<WebhookEndpoint> {
    return this.webhooks.get(user.id, id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Changes the URL, description or events; pauses or re-enables' })
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiBadRequestResponse({ description: 'Invalid URL or events' })
  @ApiForbiddenResponse({ description: 'The plan has no webhooks' })
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpoint> {
    return this.webhooks.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Deletes the endpoint and its delivery log' })
  @ApiNoContentResponse({ description: 'Deleted' })
  remove(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<void> {
    return this.webhooks.remove(user.id, id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'A new signing secret, shown once; the old one also signs for 24 hours',
  })
  @ApiOkResponse({ type: WebhookEndpointWithSecretDto })
  @ApiForbiddenResponse({ description: 'The plan has no webhooks' })
  rotateSecret(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<WebhookEndpointWithSecret> {
    return this.webhooks.rotateSecret(user.id, id);
  }

  @Post(':id/test')
  @ApiOperation({ summary: 'Queues a webhook.test delivery to the endpoint' })
  @ApiCreatedResponse({ type: WebhookDeliveryDto })
  @ApiForbiddenResponse({ description: 'The plan has no webhooks' })
  sendTest(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
  ): Promise<WebhookDelivery> {
    return this.webhooks.sendTest(user.id, id);
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: 'The delivery log, newest first, with each attempt' })
  @ApiOkResponse({ type: WebhookDeliveryPageDto })
  @ApiBadRequestResponse({ description: 'Invalid cursor or limit' })
  deliveries(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query() query: WebhookDeliveryQueryDto,
  ): Promise<WebhookDeliveryPage> {
    return this.webhooks.deliveries(user.id, id, query);
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sends a delivery again, with its original webhook-id' })
  @ApiOkResponse({ type: WebhookDeliveryDto })
  @ApiForbiddenResponse({ description: 'The plan has no webhooks' })
  resend(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDelivery> {
    return this.webhooks.resend(user.id, id, deliveryId);
  }
}
