import { html, type SafeHtml } from '../notifications/templates/html';
import { type UnsubscribeResult } from './unsubscribe.service';

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
      </head>
      <body
        style="margin:0;padding:48px 16px;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;"
      >
        <main
          style="max-width:480px;margin:0 auto;padding:32px 24px;background:#fff;border:1px solid #e5e7eb;border-radius:8px;line-height:1.5;"
        >
          <h1 style="margin:0 0 16px;font-size:22px;">${title}</h1>
          ${body}
        </main>
      </body>
    </html>`.value;
}

const BUTTON =
  'padding:12px 24px;font-size:16px;font-weight:600;color:#fff;background:#111827;border:0;border-radius:6px;cursor:pointer;';

/** The confirmation page a GET of the link shows: one button, nothing changed yet. */
export function confirmPage(result: UnsubscribeResult, token: string): string {
  if (result.outcome !== 'ok') return problemPage(result);
  if (result.alreadyUnsubscribed) {
    return page(
      'You are unsubscribed',
      html`<p style="margin:0;">
        ${result.businessName} no longer sends you e-mails through Rafter.
      </p>`,
    );
  }
  return page(
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
  return page(
    'You are unsubscribed',
    html`<p style="margin:0;">
      ${result.businessName} will send you no more e-mails through Rafter.
    </p>`,
  );
}

function problemPage(result: { outcome: 'invalid' | 'gone' }): string {
  return result.outcome === 'invalid'
    ? page(
        'This link does not work',
        html`<p style="margin:0;">
          This unsubscribe link is not valid. Please use the link in the e-mail exactly as it came,
          or reply to the e-mail and ask the sender to stop.
        </p>`,
      )
    : page(
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
