/** The country suffix of US addresses as geocoders format them: '…, TX 78701, USA'. */
export const USA_SUFFIX = ', USA';

/**
 * The address with the visitor's zip code in it (spec section 5): when the zip is absent it is
 * inserted before the ', USA' suffix, or appended when there is none. A chosen place without a
 * postal code, or an address typed without one, then still measures and prices by its zip.
 */
export function addressWithZipCode(address: string, zipCode: string): string {
  const trimmed = address.trim();
  const zip = zipCode.trim();
  if (trimmed === '' || !/^\d{5}$/.test(zip) || new RegExp(`\\b${zip}\\b`).test(trimmed)) {
    return trimmed;
  }
  if (trimmed.endsWith(USA_SUFFIX)) {
    return `${trimmed.slice(0, -USA_SUFFIX.length)} ${zip}${USA_SUFFIX}`;
  }
  return `${trimmed} ${zip}`;
}
