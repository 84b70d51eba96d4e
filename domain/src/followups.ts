import { z } from 'zod';
import { usPhoneDigits } from './lead';

/**
 * A contractor's follow-up settings (issue 23): the homeowner's instant estimate e-mail for now;
 * sequences and texts add their own fields here.
 */
export const followupSettingsSchema = z.object({
  estimateEmail: z.boolean({ error: "'E-mail homeowners their estimate' must be on or off" }),
  /**
   * The number homeowners are asked to call, shown in follow-up e-mails; blank is none. Any
   * common US notation, stored as the bare 10 digits.
   */
  phone: z
    .string({ error: 'Phone number must be text' })
    .trim()
    .max(30, 'Phone number must be a 10-digit US number')
    .nullable()
    .transform((phone, context) => {
      if (!phone) return null;
      const digits = usPhoneDigits(phone);
      if (digits === null) {
        context.addIssue({ code: 'custom', message: 'Phone number must be a 10-digit US number' });
        return z.NEVER;
      }
      return digits;
    }),
});

export type FollowupSettingsInput = z.input<typeof followupSettingsSchema>;

export interface FollowupSettingsView {
  estimateEmail: boolean;
  /** 10 digits, or null. */
  phone: string | null;
}

/** What GET /api/followups/settings answers before anything is saved: the e-mail is on. */
export const DEFAULT_FOLLOWUP_SETTINGS: Readonly<FollowupSettingsView> = {
  estimateEmail: true,
  phone: null,
};

/**
 * Lead sources that are a homeowner's own quote request to this contractor. Marketplace leads
 * (a main-site request shared among contractors), leads typed in through the API and demo data
 * get no estimate e-mail from the contractor.
 */
export const ESTIMATE_EMAIL_SOURCES = ['widget', 'embed', 'share_page'] as const;

export function sendsEstimateEmail(source: string): boolean {
  return (ESTIMATE_EMAIL_SOURCES as readonly string[]).includes(source);
}
