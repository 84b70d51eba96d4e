import { DEFAULT_BRAND_COLOR } from '@rafter/domain/branding';
import { html, SafeHtml } from './html';

/** The product's look in e-mail: brand green, system fonts, table layout, inline styles only. */
export const BRAND_GREEN = DEFAULT_BRAND_COLOR;
const FONT = new SafeHtml(
  "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif",
);
const TEXT = '#111827';
const MUTED = '#6b7280';
/** Layout tables: no spacing of their own, and announced as layout to screen readers. */
const TABLE = new SafeHtml('role="presentation" cellpadding="0" cellspacing="0" border="0"');

export interface LayoutInput {
  /** The document title; usually the subject. */
  title: string;
  /** The preview line mail clients show after the subject. */
  preheader: string;
  content: SafeHtml;
  footer: SafeHtml;
}

export function layout({ title, preheader, content, footer }: LayoutInput): string {
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>${title}</title>
      </head>
      <body style="margin:0;padding:0;background-color:#f3f4f6;">
        <div style="display:none;max-height:0;overflow:hidden;opacity:0;">${preheader}</div>
        <table ${TABLE} width="100%" style="background-color:#f3f4f6;">
          <tr>
            <td align="center" style="padding:24px 12px;">
              <table
                ${TABLE}
                width="600"
                style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;border:1px solid #e5e7eb;"
              >
                <tr>
                  <td
                    style="background-color:${BRAND_GREEN};border-radius:8px 8px 0 0;padding:20px 32px;font-family:${FONT};font-size:22px;font-weight:700;color:#ffffff;"
                  >
                    Rafter
                  </td>
                </tr>
                <tr>
                  <td
                    style="padding:32px;font-family:${FONT};font-size:16px;line-height:1.5;color:${TEXT};"
                  >
                    ${content}
                  </td>
                </tr>
                <tr>
                  <td
                    style="padding:16px 32px 24px;border-top:1px solid #e5e7eb;font-family:${FONT};font-size:12px;line-height:1.5;color:${MUTED};"
                  >
                    ${footer}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`;
  return page.value;
}

export function heading(text: string): SafeHtml {
  return html`<h1 style="margin:0 0 16px;font-family:${FONT};font-size:22px;color:${TEXT};">
    ${text}
  </h1>`;
}

export function paragraph(content: string | SafeHtml): SafeHtml {
  return html`<p style="margin:0 0 16px;">${content}</p>`;
}

export function link(label: string, href: string): SafeHtml {
  return html`<a href="${href}" style="color:${BRAND_GREEN};text-decoration:underline;"
    >${label}</a
  >`;
}

/** A button that renders as one in every client (a coloured table cell around the link). */
export function button(label: string, href: string): SafeHtml {
  return html`<table ${TABLE} style="margin:24px 0;">
    <tr>
      <td
        align="center"
        bgcolor="${BRAND_GREEN}"
        style="border-radius:6px;background-color:${BRAND_GREEN};"
      >
        <a
          href="${href}"
          style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;"
          >${label}</a
        >
      </td>
    </tr>
  </table>`;
}

const CELL = 'padding:6px 0;border-bottom:1px solid #f3f4f6;font-size:14px;vertical-align:top;';

/** Label / value rows; values are plain text or SafeHtml. */
export function detailsTable(title: string, rows: [string, string | SafeHtml][]): SafeHtml {
  return html`<h2 style="margin:24px 0 8px;font-family:${FONT};font-size:16px;color:${TEXT};">
      ${title}
    </h2>
    <table ${TABLE} width="100%" style="border-collapse:collapse;margin-bottom:16px;">
      ${rows.map(
        ([label, value]) =>
          html`<tr>
            <td style="${CELL}width:40%;padding-right:12px;color:${MUTED};">${label}</td>
            <td style="${CELL}color:${TEXT};">${value}</td>
          </tr>`,
      )}
    </table>`;
}

/** Plain-text counterpart of detailsTable. */
export function detailsText(title: string, rows: [string, string][]): string {
  return [title, ...rows.map(([label, value]) => `${label}: ${value}`)].join('\n');
}

export interface EmailInput {
  template: string;
  to: string;
  subject: string;
  preheader: string;
  /** Body markup, between the header bar and the footer. */
  content: SafeHtml;
  /** Body text, paragraph by paragraph. */
  text: string[];
  footer: { html: SafeHtml; text: string };
}

/** A complete message: the HTML in the layout and the text version with the same footer. */
export function email({ template, to, subject, preheader, content, text, footer }: EmailInput) {
  return {
    template,
    to,
    subject,
    html: layout({ title: subject, preheader, content, footer: footer.html }),
    text: [...text, '--', footer.text].join('\n\n') + '\n',
  };
}
