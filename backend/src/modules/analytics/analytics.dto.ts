import {
  analyticsBatchSchema,
  analyticsFunnelResponseSchema,
  analyticsQuerySchema,
} from '@rafter/domain/analytics';
import { createZodDto } from 'nestjs-zod';

/** For the OpenAPI document: the ingest reads its body itself (sendBeacon sends text/plain). */
export class AnalyticsBatchDto extends createZodDto(analyticsBatchSchema) {}
export class AnalyticsQueryDto extends createZodDto(analyticsQuerySchema) {}
export class AnalyticsFunnelDto extends createZodDto(analyticsFunnelResponseSchema) {}
