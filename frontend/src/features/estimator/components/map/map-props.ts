import type { AddressProvider, LatLng } from '../../address/address-provider';

/** What the address step gives either map. */
export interface RoofMapViewProps {
  /** Where the map looks: the chosen address, else the zip code area. */
  center: LatLng;
  /** 18 before an address is chosen, 20 after (spec section 9). */
  zoom: number;
  marker: LatLng;
  /** The marker was dragged to a new spot. */
  onMarkerMove: (position: LatLng) => void;
  /** Google's address lookup, once its libraries have loaded (null when it goes away). */
  onAddressProvider: (provider: AddressProvider | null) => void;
}
