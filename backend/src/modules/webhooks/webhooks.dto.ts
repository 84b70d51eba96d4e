import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from '@rafter/domain/webhooks';
import { createZodDto } from 'nestjs-zod';

export class CreateWebhookEndpointDto extends createZodDto(createWebhookEndpointSchema) {}

export class UpdateWebhookEndpointDto extends createZodDto(updateWebhookEndpointSchema) {}

export class WebhookDeliveryQueryDto extends createZodDto(webhookDeliveryQuerySchema) {}

export class WebhookEndpointDto extends createZodDto(webhookEndpointSchema) {}

export class WebhookEndpointWithSecretDto extends createZodDto(webhookEndpointWithSecretSchema) {}

export class WebhookDeliveryDto extends createZodDto(webhookDeliverySchema) {}

export class WebhookDeliveryPageDto extends createZodDto(webhookDeliveryPageSchema) {}
