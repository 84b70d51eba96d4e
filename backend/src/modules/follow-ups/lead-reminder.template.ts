import { formatEstimateRange } from '@rafter/domain/estimate';
import { newLeadReminderLabel } from '@rafter/domain/lead-reminders';
import type { MailMessage } from '../../core/mailer/mail-message';
import { html, oneLine } from '../notifications/templates/html';
import { button, email, heading, link, paragraph } from '../notifications/templates/layout';

export const LEAD_REMINDER_TEMPLATE = 'lead-reminder';

export interface LeadReminderMailInput {
  publicUrl: string;
  owner: { email: string; fullName: string | null; businessName: string | null };
  lead: {
    id: string;
    firstName: string;
    lastName: string;
    zipCode: string;
    estimateLow: number;
    estimateHigh: number;
  };
  /** The contractor's setting, for the footer. */
  minutes: number;
}

/** The contractor's reminder that a lead is still New (speed to lead). */
export function leadReminderMail({
  publicUrl,
  owner,
  lead,
  minutes,
}: LeadReminderMailInput): MailMessage {
  const name = `${lead.firstName} ${lead.lastName}`.trim();
  const range = formatEstimateRange({ low: lead.estimateLow, high: lead.estimateHigh });
  const leadUrl = `${publicUrl}/dashboard?tab=leads&lead=${encodeURIComponent(lead.id)}`;
  const profileUrl = `${publicUrl}/dashboard?tab=profile`;
  const hello = owner.fullName?.trim() || owner.businessName?.trim();
  const greeting = hello ? `Hi ${hello},` : 'Hi,';
  const intro =
    `${name} (${lead.zipCode}) asked for a roof replacement estimate (${range}) and the lead ` +
    'is still New. Homeowners usually hire the first roofer who calls back: call them now, then ' +
    'move the lead to Contacted.';
  const setting = newLeadReminderLabel(minutes).toLowerCase();
  const why = `You get this reminder because still-New reminders are on (${setting} of business hours).`;
  return email({
    template: LEAD_REMINDER_TEMPLATE,
    to: owner.email,
    subject: oneLine(`Still New: ${name} is waiting for your call · ${range}`),
    preheader: `${name} asked for an estimate and has not been contacted yet.`,
    content: html`${heading('A lead is waiting for your call')} ${paragraph(greeting)}
    ${paragraph(intro)} ${button('Open the lead', leadUrl)}
    ${paragraph(html`Or open this link: ${link(leadUrl, leadUrl)}`)}`,
    text: [greeting, intro, `Open the lead: ${leadUrl}`],
    footer: {
      html: html`${why} You can change or turn them off in your ${link('profile', profileUrl)}.`,
      text: `${why} You can change or turn them off in your profile: ${profileUrl}`,
    },
  });
}
