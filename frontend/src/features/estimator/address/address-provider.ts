export interface LatLng {
  lat: number;
  lng: number;
}

/** A chosen address (spec section 3, "Selected address result"). */
export interface AddressSelection {
  formattedAddress: string;
  location: LatLng | null;
  placeId: string | null;
}

/** One line of the suggestions dropdown. */
export interface AddressSuggestion {
  id: string;
  label: string;
  /** Set when the provider already knows the full result, so choosing it needs no request. */
  selection?: AddressSelection;
}

/**
 * Looks addresses up for the address step: the keyless geocoder, or Google Places once the
 * Google map has loaded. Every method may reject; callers treat a failure as "nothing found".
 */
export interface AddressProvider {
  /** Identifies the source in query keys. */
  readonly id: string;
  /** US addresses matching what was typed, at most 5. */
  suggest(query: string, signal?: AbortSignal): Promise<AddressSuggestion[]>;
  /** The full address and location of a suggestion. */
  resolve(suggestion: AddressSuggestion): Promise<AddressSelection>;
  /** The best US match for a typed address (the Search button), or null. */
  search(query: string): Promise<AddressSelection | null>;
  /** The middle of a zip code area, to show before an address is chosen. */
  locateZipCode(zipCode: string): Promise<LatLng | null>;
}

/** Most suggestions shown (spec section 9). */
export const MAX_SUGGESTIONS = 5;
/** Suggestions start at this many typed characters (spec section 9). */
export const MIN_SUGGESTION_CHARS = 3;
