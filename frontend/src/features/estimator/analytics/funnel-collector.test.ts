import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsBatchSchema, visitTime, type AnalyticsBatch } from '@rafter/domain/analytics';
import { FUNNEL_STEPS } from '@rafter/domain/funnel';
import {
  ANALYTICS_ENDPOINT,
  createFunnelCollector,
  FUNNEL_BATCH_MS,
  type FunnelCollector,
} from './funnel-collector';

const OWNER_ID = '3f2b9f7e-5a0c-4d47-9a43-8f5c2f0c1a11';
/** jsdom's, which has no sendBeacon. */
const jsdomNavigator = navigator;

let beacon: ReturnType<typeof vi.fn<(url: string, body: string) => boolean>>;
let fetchMock: ReturnType<typeof vi.fn>;
let collector: FunnelCollector | null = null;

/** The reports sent with sendBeacon, parsed (each must be one the ingest accepts). */
function beacons(): AnalyticsBatch[] {
  return beacon.mock.calls.map(([url, body]) => {
    expect(url).toBe(ANALYTICS_ENDPOINT);
    expect(typeof body).toBe('string');
    return analyticsBatchSchema.parse(JSON.parse(body));
  });
}

function collect(visit: Partial<Parameters<typeof createFunnelCollector>[0]> = {}) {
  collector = createFunnelCollector({ ownerId: OWNER_ID, source: 'widget', ...visit });
  return collector;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  beacon = vi.fn<(url: string, body: string) => boolean>(() => true);
  vi.stubGlobal('navigator', Object.assign(Object.create(jsdomNavigator), { sendBeacon: beacon }));
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  collector?.close();
  collector = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('the funnel collector', () => {
  it('sends the visit about a second after its last step, several quick steps in one beacon', () => {
    const started = Date.now();
    const visit = collect({ source: 'share_page', utmQuery: '?utm_source=fb&utm_campaign=spring' });
    vi.advanceTimersByTime(500);
    visit.reach('start');
    vi.advanceTimersByTime(FUNNEL_BATCH_MS - 1);
    expect(beacon).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    const [report] = beacons();
    expect(report).toEqual({
      visitId: expect.any(String),
      ownerId: OWNER_ID,
      source: 'share_page',
      utm: { source: 'fb', campaign: 'spring' },
      device: 'desktop',
      steps: ['view', 'start'],
    });
    expect(visitTime(report!.visitId).getTime()).toBe(started);
  });

  it('sends every step so far, in order, never the same set twice, whatever the order reached', () => {
    const visit = collect();
    visit.reach('address');
    vi.advanceTimersByTime(FUNNEL_BATCH_MS);
    // Back to the zip code and forward again: nothing new.
    visit.reach('start');
    visit.reach('address');
    vi.advanceTimersByTime(FUNNEL_BATCH_MS * 3);
    visit.reach('ownership');
    vi.advanceTimersByTime(FUNNEL_BATCH_MS);

    const reports = beacons();
    expect(reports.map((report) => report.steps)).toEqual([
      ['view', 'start', 'address'],
      ['view', 'start', 'address', 'measured', 'ownership'],
    ]);
    expect(new Set(reports.map((report) => report.visitId)).size).toBe(1);
  });

  it('carries the material and ZIP code from the next report on, never sends them alone', () => {
    const visit = collect();
    visit.reach('address');
    vi.advanceTimersByTime(FUNNEL_BATCH_MS);
    visit.describe({ zipCode: '78701' });
    visit.describe({ zipCode: '78701', material: 'metal' });
    vi.advanceTimersByTime(FUNNEL_BATCH_MS * 3);
    expect(beacon).toHaveBeenCalledTimes(1);

    visit.reach('stories');
    vi.advanceTimersByTime(FUNNEL_BATCH_MS);
    const [first, second] = beacons();
    expect(first).not.toHaveProperty('material');
    expect(first).not.toHaveProperty('zipCode');
    expect(second).toMatchObject({ material: 'metal', zipCode: '78701' });
    expect(second?.steps).toEqual(FUNNEL_STEPS.slice(0, 7));
  });

  it('sends at once when the page is hidden or left, and not again for the same steps', () => {
    const visit = collect();
    visit.reach('start');
    setVisibility('hidden');
    expect(beacons().map((report) => report.steps)).toEqual([['view', 'start']]);

    vi.advanceTimersByTime(FUNNEL_BATCH_MS * 2);
    setVisibility('visible');
    setVisibility('hidden');
    expect(beacon).toHaveBeenCalledTimes(1);

    visit.reach('address');
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons().map((report) => report.steps)).toEqual([
      ['view', 'start'],
      ['view', 'start', 'address'],
    ]);
  });

  it('sends what is pending when closed, and listens to the page no more', () => {
    const visit = collect();
    visit.close();
    collector = null;
    expect(beacons().map((report) => report.steps)).toEqual([['view']]);
    visit.reach('start');
    window.dispatchEvent(new Event('pagehide'));
    vi.advanceTimersByTime(FUNNEL_BATCH_MS);
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('falls back to fetch with keepalive when sendBeacon refuses the report', () => {
    beacon.mockReturnValue(false);
    collect().reach('start');
    vi.advanceTimersByTime(FUNNEL_BATCH_MS);

    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(ANALYTICS_ENDPOINT);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(typeof init.body).toBe('string');
    expect(init.headers).toBeUndefined();
    expect(JSON.parse(init.body as string).steps).toEqual(['view', 'start']);
  });

  it('falls back to fetch where there is no sendBeacon, and never throws when both fail', () => {
    vi.stubGlobal('navigator', jsdomNavigator);
    expect(navigator.sendBeacon).toBeUndefined();
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    const visit = collect();
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(() => {
      throw new TypeError('no fetch');
    });
    visit.reach('start');
    expect(() => window.dispatchEvent(new Event('pagehide'))).not.toThrow();
  });

  it("keeps the embed host's origin, and drops one that is not an origin", () => {
    collect({ source: 'embed', origin: 'https://roofs.example' });
    window.dispatchEvent(new Event('pagehide'));
    collector?.close();
    collect({ source: 'embed', origin: 'https://roofs.example/page?x=1' });
    window.dispatchEvent(new Event('pagehide'));

    const [kept, dropped] = beacons();
    expect(kept).toMatchObject({ source: 'embed', origin: 'https://roofs.example' });
    expect(dropped?.source).toBe('embed');
    expect(dropped).not.toHaveProperty('origin');
    expect(kept?.visitId).not.toBe(dropped?.visitId);
  });

  it('tells a phone by its coarse pointer and narrow screen', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)' }));
    vi.stubGlobal('screen', { width: 390 });
    collect();
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons()[0]?.device).toBe('mobile');
  });

  it('sends nothing for an owner id the ingest would refuse', () => {
    collect({ ownerId: 'not-an-id' });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
