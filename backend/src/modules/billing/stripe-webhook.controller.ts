import {
  Controller,
  Headers,
  HttpCode,
  HttpStatus,
  Inject,
  Post,
  type RawBodyRequest,
  Req,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { BillingException } from './billing.exception';
import { WebhookReceivedDto } from './billing.dto';
import { STRIPE_CLIENT } from './stripe.provider';
import { SubscriptionSyncService } from './subscription-sync.service';

/**
 * Stripe's events. The signature is checked over the exact bytes received (Nest keeps the raw
 * body with `rawBody: true`), then the event id is recorded and the event applied once.
 */
@ApiTags('billing')
@Controller('billing')
export class StripeWebhookController {
  constructor(
    private readonly sync: SubscriptionSyncService,
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Stripe webhook endpoint (signed with Stripe-Signature)' })
  @ApiOkResponse({ type: WebhookReceivedDto })
  @ApiBadRequestResponse({ description: 'Missing or invalid signature' })
  @ApiServiceUnavailableResponse({ description: 'Payments are not configured' })
  async receive(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookReceivedDto> {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!this.stripe || !secret) throw new BillingException('billing_disabled');
    if (!signature || !request.rawBody) throw new BillingException('invalid_signature');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(request.rawBody, signature, secret);
    } catch {
      throw new BillingException('invalid_signature');
    }
    await this.sync.handleEvent(event);
    return { received: true };
  }
}
