import { useMutation } from '@tanstack/react-query';
import type { Estimate } from '@rafter/domain/estimate';
import type { CaptureLeadPayload, CaptureSource, MainSiteLeadPayload } from '@rafter/domain/lead';
import { api } from '../../../lib/api-client';

/** Where an owner-flow lead came from: /widget, the widget inside embed.js, or a share page. */
export type LeadSource = CaptureSource;

/** The server's answer: the roof area and estimate it stored (its own numbers). */
export interface LeadReceipt {
  id: string;
  roofArea: number;
  estimate: Estimate;
  score: number;
}

/** POST /api/capture-lead: a quote request for one contractor. */
export function captureLead(payload: CaptureLeadPayload): Promise<LeadReceipt> {
  return api.post<LeadReceipt>('/api/capture-lead', payload);
}

/** POST /api/main-site-leads: a quote request made on Rafter's own site. */
export function submitMainSiteLead(payload: MainSiteLeadPayload): Promise<LeadReceipt> {
  return api.post<LeadReceipt>('/api/main-site-leads', payload);
}

export type QuoteRequest =
  | { flow: 'owner'; payload: CaptureLeadPayload }
  | { flow: 'main-site'; payload: MainSiteLeadPayload };

export function useSubmitQuote() {
  return useMutation({
    mutationFn: (request: QuoteRequest) =>
      request.flow === 'owner' ? captureLead(request.payload) : submitMainSiteLead(request.payload),
  });
}
