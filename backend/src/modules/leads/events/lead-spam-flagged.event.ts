/**
 * Outbox topic written with a contractor's spam flag: the lead no longer counts toward the
 * month, so billing unlocks the oldest lead the freed allowance now allows.
 */
export const LEAD_SPAM_FLAGGED = 'lead.spam-flagged';

export interface LeadSpamFlaggedEvent {
  leadId: string;
  ownerId: string;
}
