import { type LeadListItem, LOCKED_LEAD_NAME } from '@rafter/domain/crm';
import { type Estimate } from '@rafter/domain/estimate';
import { leadDisplayName, type LeadInput } from '@rafter/domain/lead';
import { type ScoreReason } from '@rafter/domain/lead-score';
import { Prisma } from '../../generated/prisma/client';

/**
 * The one description of a lead row in the backend: which columns a lead is listed with (the
 * Prisma select, the raw column list and the row type come from the same field list), which
 * columns a new lead is stored with (the insert's jsonb_to_recordset definition and column list),
 * and how a row becomes what the owner sees (toLeadListItem). Every query, insert, realtime event
 * and e-mail that handles a lead uses these.
 */

/** Fields of a listed lead, with the column each is read from. */
const ROW_FIELDS = {
  id: 'id',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  address: 'address',
  zipCode: 'zip_code',
  latitude: 'latitude',
  longitude: 'longitude',
  ownership: 'ownership',
  material: 'material',
  stories: 'stories',
  roofArea: 'roof_area',
  estimateLow: 'estimate_low',
  estimateMid: 'estimate_mid',
  estimateHigh: 'estimate_high',
  score: 'score',
  status: 'status',
  source: 'source',
  locked: 'locked',
  lockedReason: 'locked_reason',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Partial<Record<keyof Prisma.LeadSelect, string>>;

type RowField = keyof typeof ROW_FIELDS;

/** The Prisma select of a LeadRow. */
export const LEAD_SELECT = Object.fromEntries(
  Object.keys(ROW_FIELDS).map((field) => [field, true]),
) as { readonly [K in RowField]: true } satisfies Prisma.LeadSelect;

/** A lead as the owner's list shows it (before contact details of locked leads are hidden). */
export type LeadRow = Prisma.LeadGetPayload<{ select: typeof LEAD_SELECT }>;

/** `column` selected as `field`, e.g. `first_name AS "firstName"`. */
function selectColumn(field: string, column: string): string {
  return field === column ? column : `${column} AS "${field}"`;
}

/** The columns of a LeadRow, for raw queries (and RETURNING clauses) that list leads. */
export const LEAD_COLUMNS = Prisma.raw(
  Object.entries(ROW_FIELDS)
    .map(([field, column]) => selectColumn(field, column))
    .join(', '),
);

/** The same columns of table alias `alias`, e.g. `l.first_name AS "firstName"`. */
export function leadColumnsOf(alias: string): Prisma.Sql {
  return Prisma.raw(
    Object.entries(ROW_FIELDS)
      .map(([field, column]) => `${alias}.${column} AS "${field}"`)
      .join(', '),
  );
}

/** A new owner lead as stored: what the homeowner typed, the server's numbers, its lock. */
export interface NewLeadRow {
  /** Chosen by the caller (a random UUID), so a lead stored in a batch is found by it. */
  id: string;
  ownerId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  zipCode: string;
  latitude: number | null;
  longitude: number | null;
  ownership: LeadRow['ownership'];
  isHomeowner: boolean;
  material: LeadRow['material'];
  stories: LeadRow['stories'];
  roofArea: number;
  estimateLow: number;
  estimateMid: number;
  estimateHigh: number;
  score: number;
  scoreReasons: ScoreReason[];
  source: LeadRow['source'];
  lockedReason: LeadRow['lockedReason'];
  /** Proof of consent to texts (domain/src/texts.ts); all null without it. */
  textConsentAt: Date | null;
  textConsentIp: string | null;
  textConsentWording: string | null;
  /**
   * The estimator's anonymous analytics visit that asked for this quote (docs/analytics.md), so
   * the contractor's won jobs count per source and campaign; null without one (GPC or Do Not
   * Track, the public API, the main site).
   */
  visitId: string | null;
}

/** Column and SQL type of each stored field, in the order of the insert. */
const INSERT_FIELDS = {
  id: ['id', 'uuid'],
  ownerId: ['owner_id', 'uuid'],
  firstName: ['first_name', 'text'],
  lastName: ['last_name', 'text'],
  email: ['email', 'text'],
  phone: ['phone', 'text'],
  address: ['address', 'text'],
  zipCode: ['zip_code', 'text'],
  latitude: ['latitude', 'float8'],
  longitude: ['longitude', 'float8'],
  ownership: ['ownership', '"Ownership"'],
  isHomeowner: ['is_homeowner', 'boolean'],
  material: ['material', '"Material"'],
  stories: ['stories', '"Stories"'],
  roofArea: ['roof_area', 'int'],
  estimateLow: ['estimate_low', 'int'],
  estimateMid: ['estimate_mid', 'int'],
  estimateHigh: ['estimate_high', 'int'],
  score: ['score', 'int'],
  scoreReasons: ['score_reasons', 'jsonb'],
  source: ['source', '"LeadSource"'],
  lockedReason: ['locked_reason', '"LeadLockReason"'],
  textConsentAt: ['text_consent_at', 'timestamptz'],
  textConsentIp: ['text_consent_ip', 'text'],
  textConsentWording: ['text_consent_wording', 'text'],
  visitId: ['visit_id', 'uuid'],
} as const satisfies Record<keyof NewLeadRow, readonly [string, string]>;

/** A new lead as a jsonb_to_recordset record (snake_case keys). */
export function toInsertRecord(lead: NewLeadRow): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(INSERT_FIELDS).map(([field, [column]]) => [
      column,
      lead[field as keyof NewLeadRow],
    ]),
  );
}

/** `name type, …` of the insert's records, for `jsonb_to_recordset(…) AS x(…)`. */
export const INSERT_RECORD_TYPES = Object.values(INSERT_FIELDS)
  .map(([column, type]) => `${column} ${type}`)
  .join(', ');

/** The stored columns, for `INSERT INTO leads (…) SELECT …` from such records. */
export const INSERT_COLUMNS: readonly string[] = Object.values(INSERT_FIELDS).map(
  ([column]) => column,
);

/**
 * Fields of a listed lead that the database decides as it stores a new one. `locked` follows
 * from `lockedReason`; every other field is what the api sent (a NewLeadRow field).
 */
const DECIDED_FIELDS = [
  'id',
  'status',
  'lockedReason',
  'createdAt',
  'updatedAt',
] as const satisfies readonly RowField[];

/** What the database decided of a new lead: the RETURNING of its insert. */
export type DecidedLeadColumns = Pick<LeadRow, (typeof DECIDED_FIELDS)[number]>;

/** RETURNING of an insert of new leads: their DecidedLeadColumns. */
export const RETURNED_LEAD_COLUMNS = Prisma.raw(
  DECIDED_FIELDS.map((field) => selectColumn(field, ROW_FIELDS[field])).join(', '),
);

/**
 * A new lead as listed, from what was stored and what the database decided: the same row a
 * SELECT of LEAD_COLUMNS would read, without sending back what the api itself just sent. Written
 * out field by field (the LeadRow type checks that none is missing or extra): a loop over
 * ROW_FIELDS cost 7.5 µs a lead in the capture benchmark's profile.
 */
export function storedLeadRow(lead: NewLeadRow, decided: DecidedLeadColumns): LeadRow {
  return {
    id: decided.id,
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    zipCode: lead.zipCode,
    latitude: lead.latitude,
    longitude: lead.longitude,
    ownership: lead.ownership,
    material: lead.material,
    stories: lead.stories,
    roofArea: lead.roofArea,
    estimateLow: lead.estimateLow,
    estimateMid: lead.estimateMid,
    estimateHigh: lead.estimateHigh,
    score: lead.score,
    status: decided.status,
    source: lead.source,
    locked: decided.lockedReason !== null,
    lockedReason: decided.lockedReason,
    createdAt: decided.createdAt,
    updatedAt: decided.updatedAt,
  };
}

/**
 * A lead as the owner may see it: a locked lead keeps its estimate, area and zip code, not its
 * contact details or the marker's position (which reverse-geocodes to the house).
 */
export function toLeadListItem(row: LeadRow): LeadListItem {
  const hidden = row.locked;
  return {
    id: row.id,
    name: hidden ? LOCKED_LEAD_NAME : leadDisplayName(row.firstName, row.lastName),
    email: hidden ? null : row.email,
    phone: hidden ? null : row.phone,
    address: hidden ? null : row.address,
    zipCode: row.zipCode,
    latitude: hidden ? null : row.latitude,
    longitude: hidden ? null : row.longitude,
    ownership: row.ownership,
    material: row.material,
    stories: row.stories,
    roofArea: row.roofArea,
    estimateLow: row.estimateLow,
    estimateMid: row.estimateMid,
    estimateHigh: row.estimateHigh,
    score: row.score,
    status: row.status,
    source: row.source,
    locked: row.locked,
    lockedReason: row.lockedReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A lead stored without consent to texts (distribution, the public API). */
export const NO_TEXT_CONSENT = {
  textConsentAt: null,
  textConsentIp: null,
  textConsentWording: null,
} as const;

/** What the homeowner typed, as a quote request or a stored main-site lead carries it. */
type HomeownerDetails = Pick<
  LeadInput,
  'firstName' | 'lastName' | 'email' | 'phone' | 'address' | 'zipCode' | 'ownership' | 'stories'
> & { latitude?: number | null; longitude?: number | null };

/**
 * The columns both lead tables share: what the homeowner typed, and the server's numbers.
 * Capture and distribution (a main-site lead offered to a contractor) store leads alike.
 */
export function leadColumns(lead: HomeownerDetails, roofArea: number, estimate: Estimate) {
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    zipCode: lead.zipCode,
    latitude: lead.latitude ?? null,
    longitude: lead.longitude ?? null,
    ownership: lead.ownership,
    stories: lead.stories,
    roofArea,
    estimateLow: estimate.low,
    estimateMid: estimate.mid,
    estimateHigh: estimate.high,
  };
}
