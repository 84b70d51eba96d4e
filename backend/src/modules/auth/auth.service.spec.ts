import {
  FREE_FAILED_SIGN_INS,
  MAX_SIGN_IN_DELAY_SECONDS,
  signInDelaySeconds,
  signInRetryAfterSeconds,
} from './auth.service';

describe('signInDelaySeconds', () => {
  it.each([
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 1],
    [6, 2],
    [7, 4],
    [10, 32],
    [14, 512],
    [15, MAX_SIGN_IN_DELAY_SECONDS],
    [1000, MAX_SIGN_IN_DELAY_SECONDS],
  ])('after %i failures waits %i s', (failures, seconds) => {
    expect(signInDelaySeconds(failures)).toBe(seconds);
  });

  it('never asks for more than 15 minutes', () => {
    expect(MAX_SIGN_IN_DELAY_SECONDS).toBe(900);
    expect(FREE_FAILED_SIGN_INS).toBe(5);
  });
});

describe('signInRetryAfterSeconds', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it.each<[string, number, Date | null, number]>([
    ['below the free failures', 4, ago(0), 0],
    ['with no recorded failure time', 8, null, 0],
    ['right after the fifth failure', 5, ago(0), 1],
    ['once the wait is over', 5, ago(1000), 0],
    ['part way through a 32 s wait', 10, ago(10_500), 22],
    ['at the cap', 40, ago(60_000), 840],
  ])('%s', (_case, failures, lastFailedAt, expected) => {
    expect(signInRetryAfterSeconds(failures, lastFailedAt, now)).toBe(expected);
  });
});
