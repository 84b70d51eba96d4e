import type { CaptureSource } from './lead';
import type { Material } from './materials';

/**
 * The estimator's funnel as the browser reports it (docs/analytics.md), without zod: the widget
 * loads this with its first screen. The report's schema and the server's rules are in
 * analytics.ts.
 */

/** The steps a visit reaches, in order. 'won' (a Converted lead) comes from the CRM instead. */
export const FUNNEL_STEPS = [
  'view',
  'start',
  'address',
  'measured',
  'ownership',
  'material',
  'stories',
  'estimate',
  'quote',
  'booked',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The funnel as the Analytics tab shows it: the widget's steps, then leads won. */
export const FUNNEL_ROWS = [...FUNNEL_STEPS, 'won'] as const;
export type FunnelRow = (typeof FUNNEL_ROWS)[number];

export const FUNNEL_LABELS: Readonly<Record<FunnelRow, string>> = {
  view: 'Opened the calculator',
  start: 'Entered a zip code',
  address: 'Reached the address step',
  measured: 'Roof measured',
  ownership: 'Answered ownership',
  material: 'Chose a material',
  stories: 'Answered stories',
  estimate: 'Saw the estimate',
  quote: 'Requested a quote',
  booked: 'Booked an inspection',
  won: 'Won (Converted)',
};

/** Where a visit happened: the lead sources of the owner flow. */
export const ANALYTICS_SOURCES = [
  'widget',
  'embed',
  'share_page',
] as const satisfies readonly CaptureSource[];
export type AnalyticsSource = (typeof ANALYTICS_SOURCES)[number];

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * A device's class from what the page can see without reading the user agent: a coarse pointer
 * (touch) on a narrow screen is a phone, on a wider one a tablet; a fine pointer a computer.
 */
export function deviceClass(screenWidth: number, coarsePointer: boolean): DeviceClass {
  if (!coarsePointer) return 'desktop';
  return screenWidth < 768 ? 'mobile' : 'tablet';
}

/** The UTM parameters kept, each at most this long (longer ones are cut, not refused). */
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export const UTM_MAX_LENGTH = 100;

/** UTM parameters as a report carries them. */
export type Utm = Partial<Record<UtmKey, string>>;

/**
 * The UTM parameters in a URL's query (`utm_source=…`), trimmed and cut to UTM_MAX_LENGTH; none
 * when it has none. The share page reads its own address, embed.js the host page's.
 */
export function utmFromSearch(search: string): Utm | undefined {
  const utm: Utm = {};
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const [name = '', raw = ''] = pair.split('=', 2);
    const key = UTM_KEYS.find((candidate) => name === `utm_${candidate}`);
    if (!key || key in utm) continue;
    let value: string;
    try {
      value = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      continue;
    }
    value = value.trim().slice(0, UTM_MAX_LENGTH);
    if (value) utm[key] = value;
  }
  return Object.keys(utm).length ? utm : undefined;
}

/** An origin as `location.origin` gives it: lower-case scheme and host, a port, no path. */
export const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/;

/** Whether `value` is an origin as `location.origin` gives it. */
export function isOrigin(value: string): boolean {
  return value.length <= 200 && ORIGIN.test(value);
}

/**
 * A UUID version 7 (RFC 9562) for a visit: the time in milliseconds, then random bits from
 * `random` (crypto.getRandomValues in the browser).
 */
export function newVisitId(
  now: number,
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>,
): string {
  const bytes = random(new Uint8Array(16));
  const time = now.toString(16).padStart(12, '0').slice(-12);
  for (let index = 0; index < 6; index++)
    bytes[index] = parseInt(time.slice(index * 2, index * 2 + 2), 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** One visit's report as the browser sends it; analyticsBatchSchema checks it on the server. */
export interface FunnelReport {
  visitId: string;
  ownerId: string;
  source: AnalyticsSource;
  origin?: string;
  utm?: Utm;
  device: DeviceClass;
  /** Every step reached so far, in FUNNEL_STEPS order. */
  steps: FunnelStep[];
  /** The roof material chosen, once it is. */
  material?: Material;
  /** The measured address's 5-digit ZIP code, once measured (never the street). */
  zipCode?: string;
}
