import { LEAD_STATUS_LABELS, type LeadStatus } from '@rafter/domain/lead';
import type { LeadTimelineEntry } from '@rafter/domain/crm';
import { formatUsd } from '@rafter/domain/estimate';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const numberFormat = new Intl.NumberFormat('en-US');

/** 'Mar 4, 2026'. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** 'Mar 4, 2026, 2:05 PM'. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** '1,850 sq ft'. */
export function formatArea(squareFeet: number): string {
  return `${numberFormat.format(squareFeet)} sq ft`;
}

/** '30.26720, -97.74310', or null without a position. */
export function formatCoordinates(
  latitude: number | null,
  longitude: number | null,
): string | null {
  if (latitude === null || longitude === null) return null;
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

const statusLabel = (status: LeadStatus | null) => (status ? LEAD_STATUS_LABELS[status] : 'none');

/** What a timeline entry says happened. */
export function timelineText(entry: LeadTimelineEntry): string {
  switch (entry.type) {
    case 'created':
      return 'Lead received';
    case 'status_changed':
      return `Status changed from ${statusLabel(entry.fromStatus)} to ${statusLabel(entry.toStatus)}`;
    case 'note_added':
      return 'Note added';
    case 'locked':
      return 'Locked: contact details hidden';
    case 'unlocked':
      return 'Unlocked: contact details available';
    case 'marked_spam':
      return 'Marked as spam';
    case 'marked_not_spam':
      return 'Marked as not spam';
    case 'reminder_sent':
      return 'Still New: reminder e-mailed to you';
    case 'follow_up_sent':
    case 'follow_up_skipped':
    case 'follow_ups_stopped':
      return entry.detail ?? 'Follow-up';
    case 'texts_stopped':
      return 'Replied STOP: no more texts';
    case 'texts_resumed':
      return 'Replied START: texts allowed again';
    case 'estimate_emailed':
      return 'Estimate e-mailed to the homeowner';
    case 'estimate_email_suppressed':
      return 'Estimate e-mail not sent: the homeowner unsubscribed';
    case 'unsubscribed':
      return 'Homeowner unsubscribed from your e-mails';
    case 'inspection_booked':
      return `Inspection booked for ${inspectionWhen(entry.detail)}`;
    case 'inspection_rescheduled':
      return `Inspection moved to ${inspectionWhen(entry.detail)}`;
    case 'inspection_cancelled':
      return entry.detail ? `Inspection cancelled ${entry.detail}` : 'Inspection cancelled';
    case 'sold_price_set':
      return entry.detail ? `Sold for ${formatUsd(Number(entry.detail))}` : 'Sold price cleared';
  }
}

const inspectionFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Tue, Dec 1, 9:00 AM' in this browser's time zone, from a timeline entry's ISO detail. */
function inspectionWhen(detail: string | null): string {
  const at = detail ? new Date(detail) : null;
  return at && !Number.isNaN(at.getTime()) ? inspectionFormat.format(at) : 'a new time';
}
