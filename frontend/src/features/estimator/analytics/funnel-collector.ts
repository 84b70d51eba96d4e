import {
  deviceClass,
  FUNNEL_STEPS,
  isOrigin,
  newVisitId,
  utmFromSearch,
  type AnalyticsSource,
  type DeviceClass,
  type FunnelReport,
  type FunnelStep,
} from '@rafter/domain/funnel';

/**
 * The estimator's funnel report (docs/analytics.md), loaded when the browser is idle after the
 * first screen (see use-funnel.ts). Without zod: the server checks the report.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ANALYTICS_ENDPOINT = '/api/analytics/events';
/** Steps reached within this long of each other go in one beacon. */
export const FUNNEL_BATCH_MS = 1000;

export interface FunnelVisit {
  ownerId: string;
  source: AnalyticsSource;
  /** The host page's origin (the embed only); dropped when it is not an origin. */
  origin?: string | null;
  /** The query string whose utm_* parameters tag the visit. */
  utmQuery?: string;
}

/** What the visit chose, once known: carried by the reports sent from then on. */
export type FunnelDetails = Pick<FunnelReport, 'material' | 'zipCode'>;

export interface FunnelCollector {
  /** The visit's id, which a quote request carries so its lead counts as won per source. */
  readonly visitId: string;
  /** The visit reached `step` (and so every step before it). */
  reach(step: FunnelStep): void;
  /** The material and ZIP code known so far (sent with the next report, not on their own). */
  describe(details: FunnelDetails): void;
  /** Sends what is not sent yet and stops listening to the page. */
  close(): void;
}

function device(): DeviceClass {
  try {
    return deviceClass(screen.width, matchMedia('(pointer: coarse)').matches);
  } catch {
    return 'desktop';
  }
}

/** A string body is text/plain, so neither sendBeacon nor fetch needs a preflight. */
function send(body: string): void {
  try {
    if (navigator.sendBeacon?.(ANALYTICS_ENDPOINT, body)) return;
  } catch {
    // The fetch below is the fallback.
  }
  try {
    fetch(ANALYTICS_ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(
      () => {},
    );
  } catch {
    // A lost report costs one visit's figures, never the widget.
  }
}

/**
 * One visit (one load of the estimator): a fresh UUIDv7 kept in memory only, 'view' at once.
 * Steps are FUNNEL_STEPS' prefix up to the furthest one reached, so going back and forth never
 * repeats or reorders them, and a report is sent only when that prefix has grown.
 */
export function createFunnelCollector(visit: FunnelVisit): FunnelCollector {
  const visitId = newVisitId(Date.now(), (bytes) => crypto.getRandomValues(bytes));
  const base = {
    visitId,
    ownerId: visit.ownerId,
    source: visit.source,
    ...(visit.origin && isOrigin(visit.origin) ? { origin: visit.origin } : {}),
    utm: utmFromSearch(visit.utmQuery ?? ''),
    device: device(),
  };
  let details: FunnelDetails = {};
  let reached = 0;
  let sent = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (reached <= sent) return;
    const report: FunnelReport = { ...base, ...details, steps: FUNNEL_STEPS.slice(0, reached) };
    sent = reached;
    // What the server would refuse (an owner id that is not one) is not sent at all.
    if (UUID.test(report.ownerId)) send(JSON.stringify(report));
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', flush);

  const reach = (step: FunnelStep) => {
    const count = FUNNEL_STEPS.indexOf(step) + 1;
    if (closed || count <= reached) return;
    reached = count;
    clearTimeout(timer);
    timer = setTimeout(flush, FUNNEL_BATCH_MS);
  };
  reach('view');

  return {
    visitId,
    reach,
    describe(next) {
      details = next;
    },
    close() {
      closed = true;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', flush);
      flush();
    },
  };
}
