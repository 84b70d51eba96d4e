/** Outbox topic written in the same transaction as every captured owner-flow lead. */
export const LEAD_CAPTURED = 'lead.captured';

export interface LeadCapturedEvent {
  leadId: string;
  ownerId: string;
}
