import { followUpSequenceSchema } from '@rafter/domain/follow-ups';
import { createZodDto } from 'nestjs-zod';

export class FollowUpSequenceDto extends createZodDto(followUpSequenceSchema) {}
