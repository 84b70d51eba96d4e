/** Outbox topic written in the same transaction as every stored main-site lead. */
export const MAIN_SITE_LEAD_CAPTURED = 'main-site-lead.captured';

export interface MainSiteLeadCapturedEvent {
  mainSiteLeadId: string;
}
