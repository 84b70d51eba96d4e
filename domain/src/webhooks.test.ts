import { describe, expect, it } from 'vitest';
import {
  createWebhookEndpointSchema,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookRetryDelayMs,
  webhookUrlProblem,
} from './webhooks';

describe('webhookUrlProblem', () => {
  it.each<[string, boolean, boolean]>([
    ['https://hooks.example.com/rafter', false, true],
    ['https://127.0.0.1/x', false, true],
    ['http://hooks.example.com/rafter', false, false],
    ['http://hooks.example.com/rafter', true, false],
    ['http://127.0.0.1:4000/hook', false, false],
    ['http://127.0.0.1:4000/hook', true, true],
    ['http://localhost:4000/hook', true, true],
    ['http://[::1]:4000/hook', true, true],
    ['ftp://example.com/', true, false],
    ['https://user:pass@example.com/', false, false],
    ['not a url', true, false],
  ])('%s (loopback allowed: %s) is allowed: %s', (url, loopback, allowed) => {
    expect(webhookUrlProblem(url, loopback) === null).toBe(allowed);
  });
});

describe('webhookRetryDelayMs', () => {
  it.each<[number, number]>([
    [1, 5000],
    [2, 20_000],
    [3, 80_000],
    [4, 320_000],
    [8, 12 * 3600 * 1000],
    [20, 12 * 3600 * 1000],
  ])('after attempt %i waits %i ms without jitter', (attempt, ms) => {
    expect(webhookRetryDelayMs(attempt, 0.5)).toBe(ms);
  });

  it('spreads each wait by at most a fifth', () => {
    expect(webhookRetryDelayMs(3, 0)).toBe(64_000);
    expect(webhookRetryDelayMs(3, 0.999999)).toBeLessThanOrEqual(96_000);
  });

  it('retries about a dozen times within the three-day window', () => {
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + webhookRetryDelayMs(attempts, 0.5) <= WEBHOOK_RETRY_WINDOW_MS) {
      elapsed += webhookRetryDelayMs(attempts, 0.5);
      attempts += 1;
    }
    expect(attempts).toBeGreaterThanOrEqual(10);
    expect(attempts).toBeLessThanOrEqual(16);
  });
});

describe('createWebhookEndpointSchema', () => {
  it('needs at least one event, each once', () => {
    expect(
      createWebhookEndpointSchema.safeParse({ url: 'https://x.test', events: [] }).success,
    ).toBe(false);
    expect(
      createWebhookEndpointSchema.safeParse({
        url: 'https://x.test',
        events: ['lead.created', 'lead.created'],
      }).success,
    ).toBe(false);
    expect(
      createWebhookEndpointSchema.parse({ url: ' https://x.test ', events: ['lead.deleted'] }),
    ).toEqual({ url: 'https://x.test', description: '', events: ['lead.deleted'] });
  });
});
