/**
 * `$47`, `$1,234.5`: as `toLocaleString('en-US', { maximumFractionDigits: 2 })` would write it,
 * without the cost of setting up Intl's number formatting during the page's first render.
 */
export function formatMonthlyPrice(priceCents: number): string {
  const [dollars = '0', cents] = (priceCents / 100).toString().split('.');
  const grouped = dollars.replace(/\B(?=(\d{3})+$)/g, ',');
  return `$${grouped}${cents ? `.${cents}` : ''}`;
}
