/// <reference types="google.maps" />
import {
  MAX_SUGGESTIONS,
  type AddressProvider,
  type AddressSelection,
  type LatLng,
} from '../../address/address-provider';

/** Places API (New) types of a street address: US homes only (spec section 5). */
const ADDRESS_TYPES = ['street_address', 'premise', 'subpremise'];
const US_ONLY = ['us'];

/**
 * The chosen place as an address. A place without a postal code is geocoded again by its id to
 * get the full address; if that fails the failure is only logged (spec section 5).
 */
async function placeToSelection(
  place: google.maps.places.Place,
  geocoder: google.maps.Geocoder,
): Promise<AddressSelection> {
  let formattedAddress = place.formattedAddress ?? place.displayName ?? '';
  const hasPostalCode = (place.addressComponents ?? []).some((component) =>
    component.types.includes('postal_code'),
  );
  if (!hasPostalCode) {
    try {
      const { results } = await geocoder.geocode({ placeId: place.id });
      formattedAddress = results[0]?.formatted_address ?? formattedAddress;
    } catch (error) {
      console.warn('Could not geocode the chosen place by id', error);
    }
  }
  return { formattedAddress, location: place.location?.toJSON() ?? null, placeId: place.id };
}

function resultToSelection(result: google.maps.GeocoderResult): AddressSelection {
  return {
    formattedAddress: result.formatted_address,
    location: result.geometry.location.toJSON(),
    placeId: result.place_id,
  };
}

/** Address lookups through Google Places (New) and the Geocoder. */
export function createGoogleAddressProvider(
  places: google.maps.PlacesLibrary,
  geocoding: google.maps.GeocodingLibrary,
): AddressProvider {
  const geocoder = new geocoding.Geocoder();
  // One billing session from the first keystroke to the chosen place's details.
  let sessionToken = new places.AutocompleteSessionToken();
  const predictions = new Map<string, google.maps.places.PlacePrediction>();

  return {
    id: 'google',
    async suggest(input) {
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input,
        includedRegionCodes: US_ONLY,
        includedPrimaryTypes: ADDRESS_TYPES,
        sessionToken,
      });
      return suggestions
        .flatMap(({ placePrediction }) => (placePrediction ? [placePrediction] : []))
        .slice(0, MAX_SUGGESTIONS)
        .map((prediction) => {
          predictions.set(prediction.placeId, prediction);
          return { id: prediction.placeId, label: prediction.text.toString() };
        });
    },
    async resolve(suggestion) {
      const prediction = predictions.get(suggestion.id);
      const place = prediction ? prediction.toPlace() : new places.Place({ id: suggestion.id });
      await place.fetchFields({ fields: ['formattedAddress', 'location', 'addressComponents'] });
      sessionToken = new places.AutocompleteSessionToken();
      predictions.clear();
      return placeToSelection(place, geocoder);
    },
    async search(address) {
      const { results } = await geocoder.geocode({
        address,
        componentRestrictions: { country: 'US' },
      });
      return results[0] ? resultToSelection(results[0]) : null;
    },
    async locateZipCode(postalCode): Promise<LatLng | null> {
      const { results } = await geocoder.geocode({
        componentRestrictions: { country: 'US', postalCode },
      });
      return results[0]?.geometry.location.toJSON() ?? null;
    },
  };
}
