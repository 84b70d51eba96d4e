import { z } from 'zod';
import { VOICE_PROVIDERS } from './assistant';

/**
 * The voice assistant's endpoints: their payload schemas. The assistant's name and the providers
 * that can run it are in assistant.ts.
 */

/** POST /api/demo-call takes no body; an empty JSON object is accepted too. */
export const demoCallRequestSchema = z.strictObject({});

/** POST /api/demo-call (spec section 3: success, access_token, error). */
export const demoCallResponseSchema = z.object({
  success: z.boolean(),
  /** Joins the Retell web call; use it within 30 seconds. */
  access_token: z.string().optional(),
  error: z.string().optional(),
  /** 'built-in' when no voice provider is configured: the browser runs the built-in assistant. */
  provider: z.enum(VOICE_PROVIDERS).optional(),
});
export type DemoCallResponse = z.infer<typeof demoCallResponseSchema>;

/** GET /api/voice: which assistant the widget runs. */
export const voiceSettingsSchema = z.object({
  provider: z.enum(VOICE_PROVIDERS),
  assistantName: z.string(),
});
export type VoiceSettings = z.infer<typeof voiceSettingsSchema>;
