/**
 * The landing page's voice sales assistant: a named sales-partner persona (spec section 1), and
 * the assistants that can answer a call. Plain constants with no schema library, so the landing
 * page's assistant button can show them without loading zod; the endpoints' payload schemas are
 * in voice.ts. The widget's timers, texts and built-in answers live with it, in
 * frontend/src/features/voice.
 */
export const ASSISTANT_NAME = 'Riley';

export const VOICE_PROVIDERS = ['retell', 'built-in'] as const;
export type VoiceProvider = (typeof VOICE_PROVIDERS)[number];
