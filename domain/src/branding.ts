/** Default brand colour of the widget, share pages and embeds (spec section 9). */
export const DEFAULT_BRAND_COLOR = '#16a34a';

/** Colour of the landing page's live demo calculator (spec section 9). */
export const DEMO_BRAND_COLOR = '#10b981';

/**
 * A hex colour as '#rrggbb', or null when `value` is none: '#abc', 'abc', '#aabbcc' and 'aabbcc'
 * are accepted (a '#' in a query string has to be escaped, so it is often left out). Names and
 * CSS expressions are not colours here, so a colour can never inject CSS.
 */
export function toBrandColor(value: string | null | undefined): string | null {
  const hex = (value ?? '').trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(hex)) return `#${hex}`;
  if (/^[0-9a-f]{3}$/.test(hex)) return `#${[...hex].map((digit) => digit + digit).join('')}`;
  return null;
}

/** A colour from a URL or a share link as '#rrggbb' (see toBrandColor), else the default. */
export function parseBrandColor(value: string | null | undefined): string {
  return toBrandColor(value) ?? DEFAULT_BRAND_COLOR;
}
