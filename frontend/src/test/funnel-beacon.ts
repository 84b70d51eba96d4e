import { waitFor } from '@testing-library/react';
import { expect, onTestFinished, vi } from 'vitest';
import { analyticsBatchSchema, type AnalyticsBatch } from '@rafter/domain/analytics';

/**
 * Gives jsdom a navigator.sendBeacon that records what the estimator's funnel sends (jsdom has
 * none), removed when the test ends.
 */
export function stubSendBeacon() {
  const beacon = vi.fn((_url: string, _body: string) => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });
  return beacon;
}

/** The first funnel report, sent when the page is left, as the ingest endpoint reads it. */
export async function firstFunnelReport(
  beacon: ReturnType<typeof stubSendBeacon>,
): Promise<AnalyticsBatch> {
  await waitFor(() => {
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalled();
  });
  const [url, body] = beacon.mock.calls[0]!;
  expect(url).toBe('/api/analytics/events');
  return analyticsBatchSchema.parse(JSON.parse(body));
}
