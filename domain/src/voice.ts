import { z } from 'zod';

/**
 * The landing page's voice sales assistant: a named sales-partner persona (spec section 1). The
 * widget's timers, texts and built-in answers live with it, in frontend/src/features/voice.
 */
export const ASSISTANT_NAME = 'Riley';

export const VOICE_PROVIDERS = ['retell', 'built-in'] as const;
export type VoiceProvider = (typeof VOICE_PROVIDERS)[number];

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
