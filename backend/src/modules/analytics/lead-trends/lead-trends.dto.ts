import { analyticsQuerySchema } from '@rafter/domain/analytics';
import { leadTrendsResponseSchema } from '@rafter/domain/lead-trends';
import { createZodDto } from 'nestjs-zod';

export class LeadTrendsQueryDto extends createZodDto(analyticsQuerySchema) {}

export class LeadTrendsDto extends createZodDto(leadTrendsResponseSchema) {}
