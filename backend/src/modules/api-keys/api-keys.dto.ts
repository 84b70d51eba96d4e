import {
  apiKeyListSchema,
  apiKeySummarySchema,
  createApiKeySchema,
  createdApiKeySchema,
} from '@rafter/domain/api-keys';
import { createZodDto } from 'nestjs-zod';

export class CreateApiKeyDto extends createZodDto(createApiKeySchema) {}

export class ApiKeySummaryDto extends createZodDto(apiKeySummarySchema) {}

export class CreatedApiKeyDto extends createZodDto(
  createdApiKeySchema.describe('The whole key is in `key`, shown this once only'),
) {}

export class ApiKeyListDto extends createZodDto(apiKeyListSchema) {}
