import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';

/** Every text to a homeowner ends with this. */
export const OPT_OUT_FOOTER = 'Reply STOP to opt out';

/** The US and its territories that share +1 numbers (Puerto Rico, Guam, …). */
const US_REGIONS = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

/** A US phone number in E.164 (+15125550100), or null when it is not a valid one. */
export function toE164(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone, 'US');
  if (!parsed?.isValid() || !parsed.country || !US_REGIONS.has(parsed.country)) return null;
  return parsed.number;
}

/**
 * The text as sent: the contractor's name first (so the homeowner knows who writes), the message,
 * and the opt-out line, each added only when missing.
 */
export function homeownerTextBody(contractorName: string, body: string): string {
  let text = body.trim();
  if (!text.toLowerCase().includes(contractorName.toLowerCase())) {
    text = `${contractorName}: ${text}`;
  }
  if (!text.toLowerCase().includes(OPT_OUT_FOOTER.toLowerCase())) {
    text = `${text} ${OPT_OUT_FOOTER}.`;
  }
  return text;
}

/** Keywords carriers and Twilio treat as opt-out, opt-in and help requests. */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'];
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'];
export const HELP_KEYWORDS = ['HELP', 'INFO'];

export type InboundKeyword = 'stop' | 'start' | 'help' | null;

/** What an inbound text asks for: the whole message, trimmed, is the keyword (any case). */
export function inboundKeyword(body: string): InboundKeyword {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (OPT_OUT_KEYWORDS.includes(word)) return 'stop';
  if (OPT_IN_KEYWORDS.includes(word)) return 'start';
  if (HELP_KEYWORDS.includes(word)) return 'help';
  return null;
}

/** Why a text to a homeowner was not sent. */
export const TEXT_SKIP_REASONS = [
  'not_enabled',
  'no_consent',
  'suppressed',
  'quiet_hours',
  'invalid_number',
] as const;

export type TextSkipReason = (typeof TEXT_SKIP_REASONS)[number];

export type TextSendResult =
  { sent: true; messageId: string } | { sent: false; reason: TextSkipReason; retryAt?: Date };

/** PUT /api/settings/texts: the contractor's mobile and whether new leads are texted to it. */
export const textSettingsSchema = z
  .object({
    mobilePhone: z
      .string({ error: 'Mobile number must be text' })
      .trim()
      .max(30, 'Mobile number must be at most 30 characters')
      .nullable()
      .transform((value, context) => {
        if (value === null || value === '') return null;
        const e164 = toE164(value);
        if (!e164) {
          context.addIssue({ code: 'custom', message: 'Mobile number must be a valid US number' });
          return z.NEVER;
        }
        return e164;
      }),
    textNewLeads: z.boolean({ error: 'Text me new leads must be on or off' }),
  })
  .refine((settings) => !settings.textNewLeads || settings.mobilePhone !== null, {
    message: 'Add a mobile number to get new leads by text',
    path: ['mobilePhone'],
  });

export type TextSettingsInput = z.input<typeof textSettingsSchema>;

export interface TextSettingsView {
  /** E.164, or null when none is saved. */
  mobilePhone: string | null;
  textNewLeads: boolean;
}

export const DEFAULT_TEXT_SETTINGS: Readonly<TextSettingsView> = {
  mobilePhone: null,
  textNewLeads: false,
};
