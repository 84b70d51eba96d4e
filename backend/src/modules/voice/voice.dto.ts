import {
  demoCallRequestSchema,
  demoCallResponseSchema,
  voiceSettingsSchema,
} from '@rafter/domain/voice';
import { createZodDto, ZodValidationException } from 'nestjs-zod';
import { VoiceException } from './voice.exception';

export class DemoCallRequestDto extends createZodDto(demoCallRequestSchema) {}

export class DemoCallResponseDto extends createZodDto(demoCallResponseSchema) {}

export class VoiceSettingsDto extends createZodDto(voiceSettingsSchema) {}

/** Demo-call takes no body: none, or an empty JSON object. Anything else is a 4xx saying why. */
export function parseDemoCallBody(contentType: string | undefined, body: unknown): void {
  if (contentType && !/^application\/json\b/i.test(contentType)) {
    throw new VoiceException('unsupported_media_type');
  }
  const parsed = demoCallRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw new ZodValidationException(parsed.error);
}
