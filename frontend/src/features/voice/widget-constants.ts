import { ASSISTANT_NAME } from '@rafter/domain/assistant';
import { BILLING_TERMS } from '@rafter/domain/plans';

/** The assistant's role under its name in the panel (spec section 1). */
export const ASSISTANT_ROLE = 'Rafter sales partner';

/** Voice widget timers (spec section 9). */
export const VOICE_TIMERS = {
  nudgeIntervalMs: 8000,
  nudgeVisibleMs: 4000,
  /** The server participant leaving ends the call after this delay. */
  serverLeaveHangupMs: 500,
} as const;

/** Microphone level analysis (spec section 9). */
export const VOICE_AUDIO = { fftSize: 2048, smoothingTimeConstant: 0.8 } as const;

/** Under this width the widget hides while the auth dialog is open (spec section 9). */
export const VOICE_MOBILE_BREAKPOINT_PX = 768;

/** Capture settings for the call's microphone (spec section 5). */
export const MICROPHONE_CONSTRAINTS = {
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
  channelCount: 1,
} as const;

/** The promotion as the nudges and the built-in assistant word it. */
export const PROMO_TEXT = `${BILLING_TERMS.promoCode} for ${BILLING_TERMS.promoPercentOff}% off your first month`;

/** The nudge bubbles, shown in turn (spec section 4: 5 messages). */
export const NUDGE_MESSAGES: readonly string[] = [
  `Hi, I'm ${ASSISTANT_NAME}! Questions about Rafter? Ask me.`,
  'Not sure which plan fits your business? I can help.',
  'Setup takes 5 minutes. Want to hear how?',
  `Use code ${PROMO_TEXT}.`,
  `Tap to talk with ${ASSISTANT_NAME}, your roofing sales partner.`,
];

/** The nudge shown `index` intervals after the first, cycling through the five. */
export function nudgeMessage(index: number): string {
  const count = NUDGE_MESSAGES.length;
  return NUDGE_MESSAGES[((index % count) + count) % count]!;
}

/** Voice widget error texts, verbatim (spec section 8). */
export const VOICE_ERRORS = {
  demoCallFailed: 'Failed to start demo call',
  initializeFailed: 'Failed to initialize voice call. Please try again.',
  connectFailed: 'Failed to connect. Please try again.',
  /** The voice client's own message when joining fails; it stops the call. */
  errorStartingCall: 'Error starting call',
} as const;

export function microphoneRequiredMessage(name: string = ASSISTANT_NAME): string {
  return `Microphone permission is required to talk to ${name}`;
}

export function callFailedMessage(message: string): string {
  return `Call failed: ${message}`;
}
