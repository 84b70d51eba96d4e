import { html, type SafeHtml } from './html';

/**
 * A page the api serves itself from a link in an e-mail (unsubscribe, a booking's reschedule or
 * cancel): plain HTML with inline styles and forms, no script, readable in any mail client's
 * browser and kept out of search engines.
 */
export function plainPage(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
      </head>
      <body
        style="margin:0;padding:32px 16px;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;"
      >
        <main
          style="max-width:520px;margin:0 auto;padding:28px 24px;background:#fff;border:1px solid #e5e7eb;border-radius:8px;line-height:1.5;"
        >
          <h1 style="margin:0 0 16px;font-size:22px;">${title}</h1>
          ${body}
        </main>
      </body>
    </html>`.value;
}
