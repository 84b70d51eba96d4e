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

function normalize(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** State code for 'TX', 'tx' or 'Texas'; undefined for anything else. */
function stateCode(text: string): string | undefined {
  const value = normalize(text);
  if (STATE_CODES.has(value)) {
    return value;
  }
  return US_STATES[value];
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
 * Whether one of the contractor's service areas covers a homeowner's location. An area is a zip
 * code ('78701'), a state ('TX' or 'Texas'), a city or county as the address names it ('Austin',
 * 'Travis County'), or a city followed by its state ('Austin TX'). Case and spacing do not matter.
 */
export function matchesServiceArea(
  areas: readonly string[],
  location: { zipCode: string; address: string },
): boolean {
  const parsed = parseAddress(location.address, location.zipCode);
  return areas.some((rawArea) => {
    const area = normalize(rawArea);
    if (area === '') {
      return false;
    }
    if (/^\d{5}$/.test(area)) {
      return parsed.zips.has(area);
    }
    const state = stateCode(area);
    if (state !== undefined) {
      return parsed.states.has(state);
    }
    if (parsed.places.has(area)) {
      return true;
    }
    return cityWithState(area, parsed);
  });
}

/** 'austin tx' or 'new york new york': a place followed by the state it must be in. */
function cityWithState(area: string, parsed: ParsedAddress): boolean {
  const words = area.split(' ');
  for (let split = words.length - 1; split > 0; split -= 1) {
    const state = stateCode(words.slice(split).join(' '));
    if (state !== undefined && parsed.states.has(state)) {
      return parsed.places.has(words.slice(0, split).join(' '));
    }
  }
  return false;
}
