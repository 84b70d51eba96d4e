import { useMutation } from '@tanstack/react-query';
import type { Estimate } from '@rafter/domain/estimate';
import type {
  CaptureLeadPayload,
  CaptureSource,
  DemoRequestPayload,
  MainSiteLeadPayload,
} from '@rafter/domain/lead';
import { api } from '../../../lib/api-client';

/** Where an owner-flow lead came from: /widget, the widget inside embed.js, or a share page. */
export type LeadSource = CaptureSource;

/** The server's numbers for a quote request (never the browser's). */
export interface QuoteReceipt {
  roofArea: number;
  estimate: Estimate;
  score: number;
  /** A contractor's quote request: the key to booking an inspection (docs/calendar.md). */
  bookingToken?: string | null;
}

/** The server's answer for a stored lead: its id and the numbers it stored. */
export interface LeadReceipt extends QuoteReceipt {
  id: string;
}

/** POST /api/capture-lead: a quote request for one contractor. */
export function captureLead(payload: CaptureLeadPayload): Promise<LeadReceipt> {
  return api.post<LeadReceipt>('/api/capture-lead', payload);
}

/** POST /api/main-site-leads: a quote request made on Rafter's own site. */
export function submitMainSiteLead(payload: MainSiteLeadPayload): Promise<LeadReceipt> {
  return api.post<LeadReceipt>('/api/main-site-leads', payload);
}

/** POST /api/demo-requests: the landing page's demo; answered, never stored or distributed. */
export function submitDemoRequest(payload: DemoRequestPayload): Promise<QuoteReceipt> {
  return api.post<QuoteReceipt>('/api/demo-requests', payload);
}

export type QuoteRequest =
  | { flow: 'owner'; payload: CaptureLeadPayload }
  | { flow: 'main-site'; payload: MainSiteLeadPayload }
  | { flow: 'demo'; payload: DemoRequestPayload };

function sendQuote(request: QuoteRequest): Promise<QuoteReceipt> {
  switch (request.flow) {
    case 'owner':
      return captureLead(request.payload);
    case 'main-site':
      return submitMainSiteLead(request.payload);
    case 'demo':
      return submitDemoRequest(request.payload);
  }
}

export function useSubmitQuote() {
  return useMutation({ mutationFn: sendQuote });
}
