import { formatUsPhone } from '@rafter/domain/lead';
import type { MailMessage } from '../../../core/mailer/mail-message';
import { html, oneLine, type SafeHtml } from '../../notifications/templates/html';
import {
  type MjmlTemplate,
  type SlotValue,
  COLOR_SLOTS,
  readableOnWhite,
  textOn,
} from './mjml-template';

/** Who a homeowner's e-mail comes from: the contractor, as their profile and settings say. */
export interface ContractorBrand {
  businessName: string;
  /** Replies go here. */
  email: string;
  /** 10 digits, or null. */
  phone: string | null;
  /** An absolute https (or, in development, http) address, or null. */
  logoUrl: string | null;
  /** '#rrggbb'. */
  brandColor: string;
  /** The business's postal address (CAN-SPAM), or null when the profile has none. */
  postalAddress: string | null;
}

export const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
export const TEXT = '#111827';
/** Footer text: 7:1 on the footer's #f3f4f6 (the lighter #6b7280 fell short of 4.5:1). */
export const MUTED = '#4b5563';

/**
 * The MJML document every homeowner e-mail shares: the contractor's logo (or name) on their
 * brand colour, the message's own sections, a contact line and a footer with the contractor's
 * postal address and the unsubscribe link. `content` is MJML sections; slots are `{{…}}`.
 * Follow-up sequences compose their messages into the same layout.
 */
export function homeownerLayoutMjml(options: { logo: boolean; content: string }): string {
  const header = options.logo
    ? `<mj-image src="{{logoUrl}}" alt="{{businessName}}" width="160px" align="left" padding="0" />`
    : `<mj-text font-size="22px" font-weight="700" color="${COLOR_SLOTS.onBrand}" padding="0">{{businessName}}</mj-text>`;
  return `<mjml lang="en">
  <mj-head>
    <mj-title>{{title}}</mj-title>
    <mj-preview>{{preheader}}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text font-size="16px" line-height="1.5" color="${TEXT}" padding="0 0 16px" />
      <mj-section padding="0 24px" background-color="#ffffff" />
      <mj-column padding="0" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6" width="600px">
    <mj-wrapper padding="24px 12px 0">
      <mj-section background-color="${COLOR_SLOTS.brand}" padding="20px 24px" border-radius="8px 8px 0 0">
        <mj-column>${header}</mj-column>
      </mj-section>
      ${options.content}
      <mj-section padding="8px 24px 24px" border-radius="0 0 8px 8px">
        <mj-column>
          <mj-divider border-width="1px" border-color="#e5e7eb" padding="0 0 16px" />
          <mj-text font-size="14px" padding="0">{{contactLine}}</mj-text>
        </mj-column>
      </mj-section>
    </mj-wrapper>
    <mj-section background-color="#f3f4f6" padding="16px 24px 24px">
      <mj-column>
        <mj-text font-size="12px" color="${MUTED}" align="center" padding="0 0 8px">{{footerIdentity}}</mj-text>
        <mj-text font-size="12px" color="${MUTED}" align="center" padding="0">{{footerReason}} <a href="{{unsubscribeUrl}}" style="color:${MUTED};text-decoration:underline;">Unsubscribe</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

export interface HomeownerMessageInput {
  template: MjmlTemplate;
  /** The template's own slots. */
  slots: Readonly<Record<string, SlotValue>>;
  templateName: string;
  to: string;
  subject: string;
  preheader: string;
  brand: ContractorBrand;
  unsubscribeUrl: string;
  /** Why the homeowner gets this e-mail, one sentence. */
  reason: string;
  /** The text version's body, paragraph by paragraph. */
  text: string[];
}

/** How to reach the contractor, for the HTML and the text version. */
function contact(brand: ContractorBrand): { html: SafeHtml; text: string } {
  const link = readableOnWhite(brand.brandColor);
  const mail = html`<a href="mailto:${brand.email}" style="color:${link};">${brand.email}</a>`;
  if (!brand.phone) {
    return {
      html: html`Questions? Reply to this e-mail or write to ${mail}.`,
      text: `Questions? Reply to this e-mail or write to ${brand.email}.`,
    };
  }
  const phone = formatUsPhone(brand.phone);
  const call = html`<a href="tel:+1${brand.phone}" style="color:${link};white-space:nowrap;"
    >${phone}</a
  >`;
  return {
    html: html`Questions? Call ${brand.businessName} at ${call}, reply to this e-mail or write to
    ${mail}.`,
    text: `Questions? Call ${brand.businessName} at ${phone}, reply to this e-mail or write to ${brand.email}.`,
  };
}

function identity(brand: ContractorBrand): string {
  return [brand.businessName, brand.postalAddress].filter(Boolean).join(' · ');
}

/**
 * A complete homeowner e-mail: the HTML in the contractor's layout, the text version with the
 * same contact line and footer, the contractor's name as the sender's, replies to the
 * contractor, and the one-click unsubscribe headers of RFC 8058.
 */
export async function homeownerMessage(input: HomeownerMessageInput): Promise<MailMessage> {
  const { brand } = input;
  const reach = contact(brand);
  const htmlBody = await input.template.render(
    {
      ...input.slots,
      title: input.subject,
      preheader: input.preheader,
      businessName: brand.businessName,
      logoUrl: brand.logoUrl ?? '',
      contactLine: reach.html,
      footerIdentity: identity(brand),
      footerReason: input.reason,
      unsubscribeUrl: input.unsubscribeUrl,
    },
    { brand: brand.brandColor, onBrand: textOn(brand.brandColor) },
  );
  const text = [
    ...input.text,
    reach.text,
    '--',
    identity(brand),
    `${input.reason} Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n\n');
  return {
    template: input.templateName,
    to: input.to,
    subject: oneLine(input.subject),
    html: htmlBody,
    text: `${text}\n`,
    fromName: brand.businessName,
    replyTo: brand.email,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
