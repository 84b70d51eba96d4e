import {
  CONFIRM_EMAIL_TOKEN_TTL_HOURS,
  RESET_PASSWORD_TOKEN_TTL_MINUTES,
} from '@rafter/domain/auth';
import type { MailMessage } from '../../../core/mailer/mail-message';
import { html } from './html';
import { button, email, heading, link, paragraph } from './layout';

export const CONFIRM_EMAIL_TEMPLATE = 'confirm-email';
export const RESET_PASSWORD_TEMPLATE = 'reset-password';

export interface AccountMailInput {
  publicUrl: string;
  user: { email: string; fullName: string | null };
  /** The raw one-time token; it exists only here and in the sent e-mail. */
  token: string;
}

function greeting(user: AccountMailInput['user']): string {
  const name = user.fullName?.trim();
  return name ? `Hi ${name},` : 'Hi,';
}

function footer(reason: string) {
  const text = `${reason} If it wasn’t you, you can ignore this e-mail: nothing changes.`;
  return { html: html`${text}`, text };
}

/** Links in the confirmation e-mail: the api confirms, then sends the browser to sign in. */
export function confirmEmailUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/auth/confirm-email?token=${encodeURIComponent(token)}`;
}

/** The token sits in the fragment, which browsers never send to a server or write to its logs. */
export function resetPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password#token=${encodeURIComponent(token)}`;
}

export function confirmEmailMail({ publicUrl, user, token }: AccountMailInput): MailMessage {
  const url = confirmEmailUrl(publicUrl, token);
  const intro = 'Thanks for signing up for Rafter. Please confirm your e-mail address to sign in.';
  const expiry = `This link works once and expires in ${CONFIRM_EMAIL_TOKEN_TTL_HOURS} hours.`;
  return email({
    template: CONFIRM_EMAIL_TEMPLATE,
    to: user.email,
    subject: 'Confirm your Rafter account',
    preheader: 'Confirm your e-mail address to start using Rafter.',
    content: html`${heading('Confirm your e-mail address')} ${paragraph(greeting(user))}
    ${paragraph(intro)} ${button('Confirm e-mail address', url)} ${paragraph(expiry)}
    ${paragraph(html`Or open this link: ${link(url, url)}`)}`,
    text: [greeting(user), intro, `Confirm your e-mail address: ${url}`, expiry],
    footer: footer('You get this e-mail because someone signed up for Rafter with this address.'),
  });
}

export function resetPasswordMail({ publicUrl, user, token }: AccountMailInput): MailMessage {
  const url = resetPasswordUrl(publicUrl, token);
  const intro = 'We received a request to reset the password of your Rafter account.';
  const expiry =
    `This link works once and expires in ${RESET_PASSWORD_TOKEN_TTL_MINUTES} minutes. ` +
    'Setting a new password signs you out everywhere.';
  return email({
    template: RESET_PASSWORD_TEMPLATE,
    to: user.email,
    subject: 'Reset your Rafter password',
    preheader: 'Choose a new password for your Rafter account.',
    content: html`${heading('Reset your password')} ${paragraph(greeting(user))} ${paragraph(intro)}
    ${button('Choose a new password', url)} ${paragraph(expiry)}
    ${paragraph(html`Or open this link: ${link(url, url)}`)}`,
    text: [greeting(user), intro, `Choose a new password: ${url}`, expiry],
    footer: footer('You get this e-mail because a password reset was requested for this address.'),
  });
}
