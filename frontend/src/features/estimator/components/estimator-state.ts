import type { Material } from '@rafter/domain/materials';
import type { Ownership, Stories } from '@rafter/domain/property';
import type { RoofMeasurement } from '@rafter/domain/roof-measurement';
import type { AddressSelection, LatLng } from '../address/address-provider';

export type Step = 1 | 2 | 3 | 4 | 5 | 6;

/** What the visitor has entered on the address step. */
export interface AddressDraft {
  /** The input's text. */
  query: string;
  /** The suggestion or search result chosen; cleared when the text is edited. */
  selection: AddressSelection | null;
  /** Where the marker was dragged, if it was. */
  pinned: LatLng | null;
}

/** The address that was measured, as the lead will carry it. */
export interface MeasuredAddress {
  address: string;
  location: LatLng | null;
}

export interface Measured extends MeasuredAddress {
  measurement: RoofMeasurement;
}

/** Answers of steps 2 to 6, kept when the visitor goes back and forth. */
export interface EstimatorAnswers {
  addressDraft: AddressDraft;
  measured: Measured | null;
  ownership: Ownership | null;
  material: Material | null;
  stories: Stories | null;
  quoteSent: boolean;
}

export const INITIAL_ANSWERS: EstimatorAnswers = {
  addressDraft: { query: '', selection: null, pinned: null },
  measured: null,
  ownership: null,
  material: null,
  stories: null,
  quoteSent: false,
};
