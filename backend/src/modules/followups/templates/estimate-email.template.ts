import { formatEstimateRange, formatUsd } from '@rafter/domain/estimate';
import { materialLabel } from '@rafter/domain/materials';
import { isStories, STORIES_LABELS } from '@rafter/domain/property';
import type { MailMessage } from '../../../core/mailer/mail-message';
import {
  type ContractorBrand,
  homeownerLayoutMjml,
  homeownerMessage,
  MUTED,
} from './homeowner-layout';
import { COLOR_SLOTS, MjmlTemplate } from './mjml-template';

export const ESTIMATE_EMAIL_TEMPLATE = 'homeowner-estimate';

/** What the estimate e-mail shows of the lead: what the homeowner typed and was shown. */
export interface EstimateEmailLead {
  name: string;
  email: string;
  address: string;
  zipCode: string;
  material: string;
  stories: string;
  roofArea: number;
  estimateLow: number;
  estimateMid: number;
  estimateHigh: number;
}

export interface EstimateEmailInput {
  brand: ContractorBrand;
  lead: EstimateEmailLead;
  unsubscribeUrl: string;
  /** The page where the homeowner books a free roof inspection, when the contractor takes them. */
  bookingUrl?: string;
}

/** One of the three amounts, as the widget's estimate step shows them (Average highlighted). */
function amountColumn(label: string, slot: string, highlight: boolean): string {
  const border = highlight ? COLOR_SLOTS.brand : '#e5e7eb';
  const background = highlight ? '#f9fafb' : '#ffffff';
  return `<mj-column width="33.33%" padding="4px" inner-border="2px solid ${border}" inner-border-radius="8px" inner-background-color="${background}">
        <mj-text align="center" padding="12px 4px">
          <span style="display:block;font-size:14px;color:${MUTED};">${label}</span>
          <span style="display:block;font-size:22px;font-weight:800;white-space:nowrap;">{{${slot}}}</span>
        </mj-text>
      </mj-column>`;
}

/**
 * The e-mail's sections; with `booking`, a 'Book a free roof inspection' button in the brand
 * colour. Its text is 19 px bold, large text for WCAG, for which the 3:1 that `textOn` guarantees
 * on the brand colour is enough (at 16 px it would need 4.5:1).
 */
function content(booking: boolean): string {
  return `
      <mj-section padding="24px 24px 0">
        <mj-column>
          <mj-text font-size="22px" font-weight="700">Your roof estimate</mj-text>
          <mj-text>Hi {{name}},</mj-text>
          <mj-text>Thank you for asking {{businessName}} for a roof replacement estimate. Here it is, as the calculator showed it:</mj-text>
          <mj-table font-size="14px" line-height="1.5" padding="0 0 16px" cellpadding="0">
            <tr><td style="padding:6px 12px 6px 0;color:${MUTED};width:40%;vertical-align:top;">Address</td><td style="padding:6px 0;vertical-align:top;">{{address}}</td></tr>
            <tr><td style="padding:6px 12px 6px 0;color:${MUTED};vertical-align:top;">Roof area</td><td style="padding:6px 0;vertical-align:top;">{{roofArea}}</td></tr>
            <tr><td style="padding:6px 12px 6px 0;color:${MUTED};vertical-align:top;">Material</td><td style="padding:6px 0;vertical-align:top;">{{material}}</td></tr>
            <tr><td style="padding:6px 12px 6px 0;color:${MUTED};vertical-align:top;">Stories</td><td style="padding:6px 0;vertical-align:top;">{{stories}}</td></tr>
          </mj-table>
        </mj-column>
      </mj-section>
      <mj-section padding="0 20px">
        ${amountColumn('Low', 'low', false)}
        ${amountColumn('Average', 'mid', true)}
        ${amountColumn('High', 'high', false)}
      </mj-section>
      <mj-section padding="16px 24px 0">
        <mj-column>
          <mj-text font-size="14px" color="${MUTED}">This is an estimate. Actual prices vary with your roof's condition, its pitch and access, local labor and permit costs.</mj-text>
          <mj-text font-size="18px" font-weight="700" padding="8px 0 8px">What happens next</mj-text>
          ${
            booking
              ? `<mj-text>{{businessName}} has your request and will contact you shortly to look at your roof and give you an exact quote. Or pick a time for a free roof inspection now:</mj-text>
          <mj-button href="{{bookingUrl}}" background-color="${COLOR_SLOTS.brand}" color="${COLOR_SLOTS.onBrand}" font-size="19px" font-weight="700" border-radius="6px" align="left" padding="0 0 16px">Book a free roof inspection</mj-button>`
              : `<mj-text>{{businessName}} has your request and will contact you shortly to look at your roof and give you an exact quote. There is nothing you need to do until then.</mj-text>`
          }
        </mj-column>
      </mj-section>`;
}

/** Compiled once per process and variant (with or without a logo, a booking link). */
const TEMPLATES = {
  logo: new MjmlTemplate(
    `${ESTIMATE_EMAIL_TEMPLATE}+logo`,
    homeownerLayoutMjml({ logo: true, content: content(false) }),
  ),
  plain: new MjmlTemplate(
    ESTIMATE_EMAIL_TEMPLATE,
    homeownerLayoutMjml({ logo: false, content: content(false) }),
  ),
  logoBooking: new MjmlTemplate(
    `${ESTIMATE_EMAIL_TEMPLATE}+logo+booking`,
    homeownerLayoutMjml({ logo: true, content: content(true) }),
  ),
  plainBooking: new MjmlTemplate(
    `${ESTIMATE_EMAIL_TEMPLATE}+booking`,
    homeownerLayoutMjml({ logo: false, content: content(true) }),
  ),
};

/** Every variant compiled, so the first e-mail after start does not pay for it. */
export async function precompileEstimateEmail(): Promise<void> {
  await Promise.all(Object.values(TEMPLATES).map((template) => template.html()));
}

function fullAddress(lead: EstimateEmailLead): string {
  return lead.address.includes(lead.zipCode) ? lead.address : `${lead.address} ${lead.zipCode}`;
}

/**
 * The homeowner's instant estimate: the address, roof area, material and the low, average and
 * high amounts exactly as the widget formats them (domain/estimate), what happens next, and how
 * to reach the contractor, in the contractor's colours and with their logo.
 */
export async function estimateEmail({
  brand,
  lead,
  unsubscribeUrl,
  bookingUrl,
}: EstimateEmailInput): Promise<MailMessage> {
  const roofArea = `${lead.roofArea.toLocaleString('en-US')} sq ft`;
  const material = materialLabel(lead.material);
  const stories = isStories(lead.stories) ? STORIES_LABELS[lead.stories] : lead.stories;
  const address = fullAddress(lead);
  const [low, mid, high] = [lead.estimateLow, lead.estimateMid, lead.estimateHigh].map(formatUsd);
  const range = formatEstimateRange({ low: lead.estimateLow, high: lead.estimateHigh });
  return homeownerMessage({
    template: bookingUrl
      ? brand.logoUrl
        ? TEMPLATES.logoBooking
        : TEMPLATES.plainBooking
      : brand.logoUrl
        ? TEMPLATES.logo
        : TEMPLATES.plain,
    templateName: ESTIMATE_EMAIL_TEMPLATE,
    slots: {
      name: lead.name,
      address,
      roofArea,
      material,
      stories,
      low: low!,
      mid: mid!,
      high: high!,
      ...(bookingUrl ? { bookingUrl } : {}),
    },
    to: lead.email,
    subject: `Your roof estimate from ${brand.businessName}`,
    preheader: `${range} for ${material.toLowerCase()} on ${roofArea}. Average ${mid}.`,
    brand,
    unsubscribeUrl,
    reason: `You get this e-mail because you asked ${brand.businessName} for a roof estimate.`,
    text: [
      `Hi ${lead.name},`,
      `Thank you for asking ${brand.businessName} for a roof replacement estimate. Here it is, as the calculator showed it:`,
      [
        `Address: ${address}`,
        `Roof area: ${roofArea}`,
        `Material: ${material}`,
        `Stories: ${stories}`,
      ].join('\n'),
      [`Low: ${low}`, `Average: ${mid}`, `High: ${high}`].join('\n'),
      "This is an estimate. Actual prices vary with your roof's condition, its pitch and access, local labor and permit costs.",
      bookingUrl
        ? `What happens next: ${brand.businessName} has your request and will contact you shortly to look at your roof and give you an exact quote. Or pick a time for a free roof inspection now: ${bookingUrl}`
        : `What happens next: ${brand.businessName} has your request and will contact you shortly to look at your roof and give you an exact quote. There is nothing you need to do until then.`,
    ],
  });
}
