import { html } from '../notifications/templates/html';
import { plainPage } from '../notifications/templates/plain-page';
import { type UnsubscribeResult } from './unsubscribe.service';

const BUTTON =
  'padding:12px 24px;font-size:16px;font-weight:600;color:#fff;background:#111827;border:0;border-radius:6px;cursor:pointer;';

/** The confirmation page a GET of the link shows: one button, nothing changed yet. */
export function confirmPage(result: UnsubscribeResult, token: string): string {
  if (result.outcome !== 'ok') return problemPage(result);
  if (result.alreadyUnsubscribed) {
    return plainPage(
      'You are unsubscribed',
      html`<p style="margin:0;">
        ${result.businessName} no longer sends you e-mails through Rafter.
      </p>`,
    );
  }
  return plainPage(
    'Unsubscribe?',
    html`<p style="margin:0 0 24px;">
        Stop e-mails about your roof estimate from ${result.businessName}? You can still call or
        write to them yourself.
      </p>
      <form method="post" action="?token=${token}">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit" style="${BUTTON}">Unsubscribe</button>
      </form>`,
  );
}

/** What a POST answers, to a person's click or a mail client's one-click request. */
export function donePage(result: UnsubscribeResult): string {
  if (result.outcome !== 'ok') return problemPage(result);
  return plainPage(
    'You are unsubscribed',
    html`<p style="margin:0;">
      ${result.businessName} will send you no more e-mails through Rafter.
    </p>`,
  );
}

function problemPage(result: { outcome: 'invalid' | 'gone' }): string {
  return result.outcome === 'invalid'
    ? plainPage(
        'This link does not work',
        html`<p style="margin:0;">
          This unsubscribe link is not valid. Please use the link in the e-mail exactly as it came,
          or reply to the e-mail and ask the sender to stop.
        </p>`,
      )
    : plainPage(
        'Nothing to unsubscribe from',
        html`<p style="margin:0;">
          The request this e-mail was about has been deleted, so no further e-mails will be sent
          about it.
        </p>`,
      );
}

/** The HTTP status for a result: 400 for a link we never signed, 404 for a deleted request. */
export function statusOf(result: UnsubscribeResult): number {
  return result.outcome === 'ok' ? 200 : result.outcome === 'invalid' ? 400 : 404;
}
