import type { MailMessage } from '../../../core/mailer/mail-message';
import { html } from '../../notifications/templates/html';
import { type ContractorBrand, homeownerLayoutMjml, homeownerMessage } from './homeowner-layout';
import { MjmlTemplate } from './mjml-template';

export const FOLLOW_UP_EMAIL_TEMPLATE = 'homeowner-follow-up';

const CONTENT = `
      <mj-section padding="24px 24px 0">
        <mj-column>
          <mj-text>{{body}}</mj-text>
        </mj-column>
      </mj-section>`;

/** Compiled once per process and variant (with or without a logo). */
const TEMPLATES = {
  logo: new MjmlTemplate(
    FOLLOW_UP_EMAIL_TEMPLATE,
    homeownerLayoutMjml({ logo: true, content: CONTENT }),
  ),
  plain: new MjmlTemplate(
    FOLLOW_UP_EMAIL_TEMPLATE,
    homeownerLayoutMjml({ logo: false, content: CONTENT }),
  ),
};

export async function precompileFollowUpEmail(): Promise<void> {
  await Promise.all(Object.values(TEMPLATES).map((template) => template.html()));
}

export interface FollowUpEmailInput {
  brand: ContractorBrand;
  to: string;
  /** The contractor's subject and message, merge fields already filled (plain text). */
  subject: string;
  body: string;
  unsubscribeUrl: string;
}

/** A step of the contractor's follow-up sequence, in their layout, paragraph by paragraph. */
export function followUpEmail(input: FollowUpEmailInput): Promise<MailMessage> {
  const paragraphs = input.body
    .split(/\n{2,}/)
    .map((text) => text.trim())
    .filter(Boolean);
  const body = html`${paragraphs.map(
    (text, i) =>
      html`<p style="margin:${i === 0 ? '0' : '16px'} 0 0;white-space:pre-line;">${text}</p>`,
  )}`;
  return homeownerMessage({
    template: input.brand.logoUrl ? TEMPLATES.logo : TEMPLATES.plain,
    templateName: FOLLOW_UP_EMAIL_TEMPLATE,
    slots: { body },
    to: input.to,
    subject: input.subject,
    preheader: paragraphs[1] ?? paragraphs[0] ?? input.subject,
    brand: input.brand,
    unsubscribeUrl: input.unsubscribeUrl,
    reason: `You get this e-mail because you asked ${input.brand.businessName} for a roof estimate.`,
    text: paragraphs,
  });
}
