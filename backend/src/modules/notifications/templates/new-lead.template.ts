import { formatEstimateRange, formatUsd } from '@rafter/domain/estimate';
import { materialLabel } from '@rafter/domain/materials';
import { STORIES_LABELS, isStories } from '@rafter/domain/property';
import type { MailMessage } from '../../../core/mailer/mail-message';
import { html, oneLine, type SafeHtml } from './html';
import { button, detailsTable, detailsText, email, heading, link, paragraph } from './layout';
import { type LeadRow } from '../../leads/lead-row';

type LockReason = 'monthly_limit' | 'no_active_plan';

/** What the e-mail shows of a lead: the listed row's fields (leads/lead-row.ts). */
export type NewLeadMailLead = Pick<
  LeadRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'address'
  | 'zipCode'
  | 'material'
  | 'stories'
  | 'roofArea'
  | 'estimateLow'
  | 'estimateMid'
  | 'estimateHigh'
  | 'score'
  | 'locked'
  | 'lockedReason'
>;

export interface NewLeadMailInput {
  publicUrl: string;
  owner: { email: string; fullName: string | null; businessName: string | null };
  lead: NewLeadMailLead;
}

type Lead = NewLeadMailInput['lead'];

export const NEW_LEAD_TEMPLATE = 'new-lead';
export const LOCKED_LEAD_TEMPLATE = 'new-lead-locked';

const LOCKS: Record<LockReason | 'unknown', { reason: string; explanation: string }> = {
  no_active_plan: {
    reason: 'no active plan',
    explanation: 'It arrived while your account had no active plan',
  },
  monthly_limit: {
    reason: 'monthly lead limit reached',
    explanation: 'Your plan’s monthly lead limit has been reached',
  },
  unknown: {
    reason: 'not covered by your plan',
    explanation: 'Your current plan does not cover it',
  },
};

/** The contractor's e-mail about a newly captured lead (or, for a locked lead, how to unlock it). */
export function newLeadMail(input: NewLeadMailInput): MailMessage {
  return input.lead.locked ? lockedLeadMail(input) : unlockedLeadMail(input);
}

function greeting(owner: NewLeadMailInput['owner']): string {
  const name = owner.fullName?.trim() || owner.businessName?.trim();
  return name ? `Hi ${name},` : 'Hi,';
}

function footer(publicUrl: string) {
  const profileUrl = `${publicUrl}/dashboard?tab=profile`;
  const why = 'You get this e-mail because new-lead notifications are on for your Rafter account.';
  return {
    html: html`${why} You can turn them off in your ${link('profile', profileUrl)}.`,
    text: `${why} You can turn them off in your profile: ${profileUrl}`,
  };
}

function estimateRange(lead: Lead): string {
  return formatEstimateRange({ low: lead.estimateLow, high: lead.estimateHigh });
}

function roofRows(lead: Lead): [string, string][] {
  return [
    ['Material', materialLabel(lead.material)],
    ['Stories', isStories(lead.stories) ? STORIES_LABELS[lead.stories] : lead.stories],
    ['Roof area', `${lead.roofArea.toLocaleString('en-US')} sq ft`],
  ];
}

function unlockedLeadMail({ publicUrl, owner, lead }: NewLeadMailInput): MailMessage {
  const name = `${lead.firstName} ${lead.lastName}`.trim();
  const range = estimateRange(lead);
  const subject = oneLine(`New lead: ${name} · ${range}`);
  const leadUrl = `${publicUrl}/dashboard?tab=leads&lead=${encodeURIComponent(lead.id)}`;
  const address = lead.address.includes(lead.zipCode)
    ? lead.address
    : `${lead.address} ${lead.zipCode}`;
  const intro = `${name} just asked for a roof replacement estimate (${range}).`;
  const homeowner: [string, string][] = [
    ['Name', name],
    ['E-mail', lead.email],
    ['Phone', lead.phone],
    ['Address', address],
  ];
  const estimate: [string, string][] = [
    ['Low', formatUsd(lead.estimateLow)],
    ['Average', formatUsd(lead.estimateMid)],
    ['High', formatUsd(lead.estimateHigh)],
    ['Lead score', `${lead.score}/100`],
  ];
  const homeownerHtml: [string, string | SafeHtml][] = [
    ['Name', name],
    ['E-mail', link(lead.email, `mailto:${lead.email}`)],
    ['Phone', link(lead.phone, `tel:${lead.phone.replace(/[^\d+]/g, '')}`)],
    ['Address', address],
  ];

  return email({
    template: NEW_LEAD_TEMPLATE,
    to: owner.email,
    subject,
    preheader: `${name} · ${range} · score ${lead.score}/100`,
    content: html`${heading('You have a new lead')} ${paragraph(greeting(owner))}
    ${paragraph(intro)} ${detailsTable('Homeowner', homeownerHtml)}
    ${detailsTable('Roof', roofRows(lead))} ${detailsTable('Estimate', estimate)}
    ${button('View lead', leadUrl)} ${paragraph(html`Or open this link: ${link(leadUrl, leadUrl)}`)}`,
    text: [
      greeting(owner),
      intro,
      detailsText('Homeowner', homeowner),
      detailsText('Roof', roofRows(lead)),
      detailsText('Estimate', estimate),
      `View lead: ${leadUrl}`,
    ],
    footer: footer(publicUrl),
  });
}

/** No homeowner details at all: not the name, e-mail, phone or address. */
function lockedLeadMail({ publicUrl, owner, lead }: NewLeadMailInput): MailMessage {
  const { reason, explanation } = LOCKS[lead.lockedReason ?? 'unknown'];
  const upgradeUrl = `${publicUrl}/dashboard?tab=subscription`;
  const intro =
    `A homeowner just asked for a roof replacement estimate (${estimateRange(lead)}). ` +
    `${explanation}, so their contact details are hidden.`;
  const unlock = 'Upgrade your plan to see who it is and contact them.';
  const details: [string, string][] = [
    ['Locked because', reason],
    ...roofRows(lead),
    ['Estimate', estimateRange(lead)],
  ];

  return email({
    template: LOCKED_LEAD_TEMPLATE,
    to: owner.email,
    subject: 'New lead received — upgrade to see it',
    preheader: `Locked: ${reason}. Upgrade to see the homeowner’s details.`,
    content: html`${heading('A new lead is waiting for you')} ${paragraph(greeting(owner))}
    ${paragraph(intro)} ${detailsTable('Lead', details)} ${paragraph(unlock)}
    ${button('Upgrade to see the lead', upgradeUrl)}
    ${paragraph(html`Or open this link: ${link(upgradeUrl, upgradeUrl)}`)}`,
    text: [greeting(owner), intro, detailsText('Lead', details), `${unlock} ${upgradeUrl}`],
    footer: footer(publicUrl),
  });
}
