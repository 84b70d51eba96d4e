const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as the subscription tab shows them: "$49.87". */
export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}
