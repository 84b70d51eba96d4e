import { z } from 'zod';

/** Two-letter codes of the US states and DC, by lower-case name. */
const US_STATES: Readonly<Record<string, string>> = {
  alabama: 'al',
  alaska: 'ak',
  arizona: 'az',
  arkansas: 'ar',
  california: 'ca',
  colorado: 'co',
  connecticut: 'ct',
  delaware: 'de',
  'district of columbia': 'dc',
  florida: 'fl',
  georgia: 'ga',
  hawaii: 'hi',
  idaho: 'id',
  illinois: 'il',
  indiana: 'in',
  iowa: 'ia',
  kansas: 'ks',
  kentucky: 'ky',
  louisiana: 'la',
  maine: 'me',
  maryland: 'md',
  massachusetts: 'ma',
  michigan: 'mi',
  minnesota: 'mn',
  mississippi: 'ms',
  missouri: 'mo',
  montana: 'mt',
  nebraska: 'ne',
  nevada: 'nv',
  'new hampshire': 'nh',
  'new jersey': 'nj',
  'new mexico': 'nm',
  'new york': 'ny',
  'north carolina': 'nc',
  'north dakota': 'nd',
  ohio: 'oh',
  oklahoma: 'ok',
  oregon: 'or',
  pennsylvania: 'pa',
  'rhode island': 'ri',
  'south carolina': 'sc',
  'south dakota': 'sd',
  tennessee: 'tn',
  texas: 'tx',
  utah: 'ut',
  vermont: 'vt',
  virginia: 'va',
  washington: 'wa',
  'west virginia': 'wv',
  wisconsin: 'wi',
  wyoming: 'wy',
};

const STATE_CODES: ReadonlySet<string> = new Set(Object.values(US_STATES));

const ZIP = /\b(\d{5})(?:-\d{4})?\b/g;

/** The longest entry a contractor may type. */
export const SERVICE_AREA_MAX_LENGTH = 100;

function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** State code for 'TX', 'tx' or 'Texas'; undefined for anything else. */
function stateCode(text: string): string | undefined {
  const value = normalize(text).replace(/\./g, '');
  if (STATE_CODES.has(value)) {
    return value;
  }
  return US_STATES[value];
}

/**
 * One service area, one entry on the profile: a zip code, a city in a state, a county in a state,
 * or a whole state. `label` is the entry as the contractor typed it (spacing tidied), shown back
 * as is; the other fields are what matching uses. `place` is an entry kept from before areas were
 * structured that names no state and none could be inferred: it matches a city or county of that
 * name in any state, as it always did, until the contractor adds the state.
 */
export type ServiceArea =
  | { kind: 'zip'; label: string; zip: string }
  | { kind: 'city'; label: string; city: string; state: string }
  | { kind: 'county'; label: string; county: string; state: string }
  | { kind: 'state'; label: string; state: string }
  | { kind: 'place'; label: string; place: string };

export type ServiceAreaKind = ServiceArea['kind'];

const stateField = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .refine((code) => STATE_CODES.has(code.toLowerCase()));
const labelField = z.string().min(1).max(SERVICE_AREA_MAX_LENGTH);

/** A stored area, as the database holds it (checked when read, never trusted blindly). */
export const serviceAreaSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('zip'), label: labelField, zip: z.string().regex(/^\d{5}$/) }),
  z.object({ kind: z.literal('city'), label: labelField, city: labelField, state: stateField }),
  z.object({ kind: z.literal('county'), label: labelField, county: labelField, state: stateField }),
  z.object({ kind: z.literal('state'), label: labelField, state: stateField }),
  z.object({ kind: z.literal('place'), label: labelField, place: labelField }),
]);

export type ServiceAreaParse = { area: ServiceArea } | { error: string };

/** Letters with the spaces, periods, apostrophes and hyphens place names have. */
const PLACE_NAME = /^[\p{L}][\p{L} .'’-]*$/u;
const COUNTY = /\s(county|parish|borough)$/i;

/**
 * Reads one entry: '78701' (or 78701-1234), 'Austin, TX' or 'Austin Texas', 'Travis County, TX',
 * or 'TX' / 'Texas'. A city or county must name its state, so 'Austin' alone is refused rather
 * than read as every Austin; the message says what to type.
 */
export function parseServiceArea(text: string): ServiceAreaParse {
  const label = text.trim().replace(/\s+/g, ' ');
  if (label === '')
    return { error: 'Enter a zip code, a city and state, a county and state, or a state.' };
  if (label.length > SERVICE_AREA_MAX_LENGTH) {
    return {
      error: `"${label.slice(0, 20)}…" is longer than ${SERVICE_AREA_MAX_LENGTH} characters.`,
    };
  }
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(label);
  if (zip) return { area: { kind: 'zip', label, zip: zip[1]! } };
  if (/^\d/.test(label)) {
    return { error: `"${label}" is not a zip code: use 5 digits, like 78701.` };
  }
  const wholeState = stateCode(label);
  if (wholeState) return { area: { kind: 'state', label, state: wholeState.toUpperCase() } };

  const split = splitPlaceAndState(label);
  if ('error' in split) return split;
  const { place, state } = split;
  if (!PLACE_NAME.test(place)) {
    return { error: `"${place}" is not a city or county name.` };
  }
  return {
    area: COUNTY.test(place)
      ? { kind: 'county', label, county: place, state }
      : { kind: 'city', label, city: place, state },
  };
}

/** 'Austin, TX' → Austin + TX; 'New York New York' → New York + NY (the longest state at the end). */
function splitPlaceAndState(label: string): { place: string; state: string } | { error: string } {
  const comma = label.lastIndexOf(',');
  if (comma >= 0) {
    const place = label.slice(0, comma).trim().replace(/,$/, '').trim();
    const statePart = label.slice(comma + 1).trim();
    const state = stateCode(statePart);
    if (place === '') return { error: `"${label}" needs a city or county before the state.` };
    if (!state) return { error: `"${statePart}" in "${label}" is not a US state.` };
    return { place, state: state.toUpperCase() };
  }
  const words = label.split(' ');
  for (let split = 1; split < words.length; split += 1) {
    const state = stateCode(words.slice(split).join(' '));
    if (state) return { place: words.slice(0, split).join(' '), state: state.toUpperCase() };
  }
  return { error: `"${label}" needs a state, like "${label}, TX".` };
}

/** Entries known to be valid (seed data, tests): parsed, or an error naming the bad one. */
export function toServiceAreas(entries: readonly string[]): ServiceArea[] {
  return entries.map((entry) => {
    const parsed = parseServiceArea(entry);
    if ('error' in parsed) throw new Error(parsed.error);
    return parsed.area;
  });
}

const STATE_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(US_STATES).map(([name, code]) => [
    code.toUpperCase(),
    name.replace(/\b\w/g, (letter) => letter.toUpperCase()).replace(' Of ', ' of '),
  ]),
);

/** What an area covers, in words: 'All of Texas', 'Austin, Texas', 'Zip code 78701'. */
export function describeServiceArea(area: ServiceArea): string {
  switch (area.kind) {
    case 'zip':
      return `Zip code ${area.zip}`;
    case 'city':
      return `${area.city}, ${STATE_NAMES[area.state] ?? area.state}`;
    case 'county':
      return `${area.county}, ${STATE_NAMES[area.state] ?? area.state}`;
    case 'state':
      return `All of ${STATE_NAMES[area.state] ?? area.state}`;
    case 'place':
      return `${area.place}, in any state`;
  }
}

/** The same area however it was typed: 'austin tx' and 'Austin, TX' are one. */
export function serviceAreaKey(area: ServiceArea): string {
  switch (area.kind) {
    case 'zip':
      return `zip:${area.zip}`;
    case 'city':
      return `city:${area.state}:${normalize(area.city)}`;
    case 'county':
      return `county:${area.state}:${normalize(area.county)}`;
    case 'state':
      return `state:${area.state}`;
    case 'place':
      return `place:${normalize(area.place)}`;
  }
}

/** Stored areas as read from the database: anything malformed is left out, never matched wrong. */
export function readServiceAreas(stored: unknown): ServiceArea[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = serviceAreaSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

interface ParsedAddress {
  zips: Set<string>;
  states: Set<string>;
  places: Set<string>;
}

/**
 * Splits a formatted address ('123 Main St, Austin, TX 78701, USA' or a geocoder's longer
 * 'Main Street, Austin, Travis County, Texas, 78701, United States') into the zips, states and
 * place names it mentions. The first part is the street, skipped so a house number is not read as
 * a zip and 'Austin St' in Dallas is not read as Austin.
 */
function parseAddress(address: string, zipCode: string): ParsedAddress {
  const parsed: ParsedAddress = { zips: new Set(), states: new Set(), places: new Set() };
  if (/^\d{5}$/.test(zipCode.trim())) {
    parsed.zips.add(zipCode.trim());
  }
  for (const part of address.split(',').slice(1)) {
    for (const match of part.matchAll(ZIP)) {
      parsed.zips.add(match[1] ?? '');
    }
    const place = normalize(part.replace(ZIP, ''));
    if (place === '') {
      continue;
    }
    parsed.places.add(place);
    const state = stateCode(place);
    if (state !== undefined) {
      parsed.states.add(state);
    }
  }
  return parsed;
}

/**
 * Whether one of the contractor's service areas covers a homeowner's location: the zip, the
 * whole state, or a city or county named in the address together with its state (so 'Austin, TX'
 * is not Austin, Minnesota, and never all of Texas). Names are compared without regard to case and
 * spacing.
 */
export function matchesServiceArea(
  areas: readonly ServiceArea[],
  location: { zipCode: string; address: string },
): boolean {
  const parsed = parseAddress(location.address, location.zipCode);
  return areas.some((area) => {
    switch (area.kind) {
      case 'zip':
        return parsed.zips.has(area.zip);
      case 'state':
        return parsed.states.has(area.state.toLowerCase());
      case 'city':
        return (
          parsed.states.has(area.state.toLowerCase()) && parsed.places.has(normalize(area.city))
        );
      case 'county':
        return (
          parsed.states.has(area.state.toLowerCase()) && parsed.places.has(normalize(area.county))
        );
      case 'place':
        return parsed.places.has(normalize(area.place));
    }
  });
}
