import { analyticsQuerySchema } from '@rafter/domain/analytics';
import { estimateAccuracyResponseSchema } from '@rafter/domain/estimate-accuracy';
import { createZodDto } from 'nestjs-zod';

export class EstimateAccuracyQueryDto extends createZodDto(analyticsQuerySchema) {}

export class EstimateAccuracyDto extends createZodDto(estimateAccuracyResponseSchema) {}
