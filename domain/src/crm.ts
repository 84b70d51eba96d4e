import { z } from 'zod';
import { type LeadStatus, LEAD_STATUSES, leadStatusSchema } from './lead';
import { type Material } from './materials';
import { type Ownership, type Stories } from './property';

/** Leads tab sort options: Latest First, Highest Score, Highest Value (spec section 2). */
export const LEAD_SORTS = ['latest', 'score', 'value'] as const;

export type LeadSort = (typeof LEAD_SORTS)[number];

export const LEAD_SORT_LABELS: Readonly<Record<LeadSort, string>> = {
  latest: 'Latest First',
  score: 'Highest Score',
  value: 'Highest Value',
};

export const DEFAULT_LEAD_SORT: LeadSort = 'latest';

/** Where a lead came from (the leads table's source column). */
export const LEAD_SOURCES = [
  'widget',
  'embed',
  'share_page',
  'marketplace',
  'demo',
  'api',
] as const;

export type LeadSource = (typeof LEAD_SOURCES)[number];

export type LeadLockReason = 'monthly_limit' | 'no_active_plan';

/** Shown instead of the name of a locked lead, whose contact details stay hidden. */
export const LOCKED_LEAD_NAME = 'Locked lead';

/** Why a lead is locked, in the words the dashboard shows beside its upgrade action. */
export const LEAD_LOCK_REASON_TEXTS: Readonly<Record<LeadLockReason, string>> = {
  monthly_limit: "This lead arrived after your plan's monthly lead limit was reached.",
  no_active_plan: 'This lead arrived while you had no active plan.',
};

/** One row of the owner's lead list. Contact fields are null, and name is LOCKED_LEAD_NAME, when locked. */
export interface LeadListItem {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  zipCode: string;
  latitude: number | null;
  longitude: number | null;
  ownership: Ownership;
  material: Material;
  stories: Stories;
  roofArea: number;
  estimateLow: number;
  estimateMid: number;
  estimateHigh: number;
  score: number;
  status: LeadStatus;
  source: LeadSource;
  locked: boolean;
  lockedReason: LeadLockReason | null;
  createdAt: string;
  updatedAt: string;
}

export interface LeadPage {
  items: LeadListItem[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export type LeadCounts = Record<'all' | LeadStatus, number>;

export const LEAD_EVENT_TYPES = [
  'created',
  'status_changed',
  'note_added',
  'locked',
  'unlocked',
  'marked_spam',
  'marked_not_spam',
  'reminder_sent',
  'follow_up_sent',
  'follow_up_skipped',
  'follow_ups_stopped',
  'texts_stopped',
  'texts_resumed',
  /** The homeowner's instant estimate e-mail was accepted by the mail server. */
  'estimate_emailed',
  /** The estimate e-mail was not sent: the homeowner had unsubscribed from this contractor. */
  'estimate_email_suppressed',
  /** The homeowner unsubscribed from this contractor's e-mails (entered on their latest lead). */
  'unsubscribed',
  /** The homeowner booked a roof inspection; `detail` is its start (ISO). */
  'inspection_booked',
  /** The inspection moved; `detail` is its new start (ISO). */
  'inspection_rescheduled',
  /** The inspection was cancelled; `detail` says by whom. */
  'inspection_cancelled',
  /** The contractor entered or changed what the job sold for; `detail` is the price in whole dollars ('' when cleared). */
  'sold_price_set',
] as const;

export type LeadEventType = (typeof LEAD_EVENT_TYPES)[number];

export interface LeadTimelineEntry {
  id: string;
  type: LeadEventType;
  at: string;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  /** The note's text on note_added entries. */
  note: string | null;
  /** What a follow-up entry says: the step sent (and its subject), or why it was not. */
  detail: string | null;
}

export interface LeadScoreReasonView {
  reason: string;
  points: number;
}

export interface LeadDetail extends LeadListItem {
  /**
   * Flagged as spam by the contractor: left out of lists, counts, metrics, export and the month's
   * allowance until marked 'Not spam'.
   */
  spam: boolean;
  /** Null below Smart: the score shows, its reasons are the locked 'AI lead scoring' feature. */
  scoreReasons: LeadScoreReasonView[] | null;
  /** What the job sold for in whole dollars (domain/src/sold-price.ts); null when not entered. */
  soldPrice: number | null;
  /** Oldest first. */
  timeline: LeadTimelineEntry[];
}

export interface MetricChanges {
  totalLeads: number | null;
  qualifiedLeads: number | null;
  averageRoofValue: number | null;
  conversionRate: number | null;
}

export interface DashboardMetrics {
  totalLeads: number;
  qualifiedLeads: number;
  /** Mean estimate_mid in whole dollars, rounded; 0 without leads. */
  averageRoofValue: number;
  /** converted / total × 100, rounded; 0 without leads. */
  conversionRate: number;
  /**
   * Change of each number over the last 30 days against the 30 days before, in percent
   * (rounded), or null when the previous 30 days have no data to compare with.
   */
  changes: MetricChanges;
  /** The 5 newest leads. */
  recentLeads: LeadListItem[];
  /** The last 30 days (UTC), oldest first, one entry per day including days without leads. */
  leadsOverTime: { date: string; count: number }[];
  /** One entry per status, in LEAD_STATUSES order. */
  pipeline: { status: LeadStatus; count: number }[];
}

export const RECENT_LEADS_COUNT = 5;
export const METRICS_WINDOW_DAYS = 30;
export const LEAD_PAGE_SIZE_DEFAULT = 25;
export const LEAD_PAGE_SIZE_MAX = 100;
export const LEAD_SEARCH_MAX_LENGTH = 200;
export const LEAD_NOTE_MAX_LENGTH = 2000;

/**
 * The cursor is opaque to clients. The server encodes it as base64url of the JSON
 * `{ "k": <sort key>, "id": <lead id> }` of the page's last row, where the sort key is the
 * created_at ISO string (latest), the score (score) or estimate_mid (value).
 */
export const LEAD_CURSOR_MAX_LENGTH = 200;

const searchSchema = z
  .string({ error: 'Search must be text' })
  .trim()
  .max(LEAD_SEARCH_MAX_LENGTH, `Search must be at most ${LEAD_SEARCH_MAX_LENGTH} characters`)
  .optional()
  .transform((q) => (q === '' ? undefined : q));

/** The All tab sends no status, or an empty one. */
const optionalStatusSchema = z.preprocess(
  (status) => (status === '' ? undefined : status),
  leadStatusSchema.optional(),
);

/** GET /api/leads query (all strings, as a query string arrives). */
export const leadListQuerySchema = z.object({
  q: searchSchema,
  status: optionalStatusSchema,
  sort: z
    .enum(LEAD_SORTS, { error: 'Sort must be latest, score or value' })
    .default(DEFAULT_LEAD_SORT),
  cursor: z
    .string({ error: 'Cursor must be text' })
    .max(LEAD_CURSOR_MAX_LENGTH, 'Cursor is not valid')
    .optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(LEAD_PAGE_SIZE_MAX, `Limit must be at most ${LEAD_PAGE_SIZE_MAX}`)
    .default(LEAD_PAGE_SIZE_DEFAULT),
});

export type LeadListQuery = z.infer<typeof leadListQuerySchema>;
export type LeadListQueryInput = z.input<typeof leadListQuerySchema>;

/** GET /api/leads/counts query. */
export const leadCountsQuerySchema = z.object({ q: searchSchema });

export type LeadCountsQuery = z.infer<typeof leadCountsQuerySchema>;

export const LEAD_EXPORT_FORMATS = ['csv', 'json'] as const;

export type LeadExportFormat = (typeof LEAD_EXPORT_FORMATS)[number];

/** GET /api/leads/export query: the current search and status tab. */
export const leadExportQuerySchema = z.object({
  format: z.enum(LEAD_EXPORT_FORMATS, { error: 'Format must be csv or json' }).default('csv'),
  q: searchSchema,
  status: optionalStatusSchema,
});

export type LeadExportQuery = z.infer<typeof leadExportQuerySchema>;

/** POST /api/leads/:id/notes. */
export const addLeadNoteSchema = z.object(
  {
    body: z
      .string({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? 'Note is required'
            : 'Note must be text',
      })
      .trim()
      .min(1, 'Note is required')
      .max(LEAD_NOTE_MAX_LENGTH, `Note must be at most ${LEAD_NOTE_MAX_LENGTH} characters`),
  },
  { error: 'Request body must be a JSON object' },
);

export type AddLeadNote = z.infer<typeof addLeadNoteSchema>;

/** The most leads one `leads:created` event carries; more stored together go out in several. */
export const LEADS_CREATED_EVENT_MAX = 100;

/** Socket.IO events the server sends to room `owner:<userId>` (after the change committed). */
export interface RealtimeEvents {
  'lead:created': (payload: { lead: LeadListItem }) => void;
  /**
   * Several new leads stored together (a burst of quote requests), oldest first, at most
   * LEADS_CREATED_EVENT_MAX: the same as one `lead:created` for each, in that order.
   */
  'leads:created': (payload: { leads: LeadListItem[] }) => void;
  'lead:updated': (payload: { lead: LeadListItem }) => void;
  'lead:deleted': (payload: { id: string }) => void;
  /** The lead left the lists (flagged as spam); its detail still answers. */
  'lead:hidden': (payload: { id: string }) => void;
}

export type RealtimeEventName = keyof RealtimeEvents;

/** Counts with every status present, for an empty result or statuses without leads. */
export function emptyLeadCounts(): LeadCounts {
  return Object.fromEntries([
    ['all', 0],
    ...LEAD_STATUSES.map((status) => [status, 0]),
  ]) as LeadCounts;
}

/** Percent change from previous to current, rounded; null when there is nothing to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

export function exportFileName(format: LeadExportFormat, now: Date): string {
  return `rafter-leads-${now.toISOString().slice(0, 10)}.${format}`;
}

/** PATCH /api/leads/:id/spam: flag a lead as spam (true) or take the flag back (false). */
export const markLeadSpamSchema = z.object(
  {
    spam: z.boolean({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'Spam is required'
          : 'Spam must be true or false',
    }),
  },
  { error: 'Request body must be a JSON object' },
);

export type MarkLeadSpam = z.infer<typeof markLeadSpamSchema>;
