import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormTokenResponse, ProofOfWorkChallenge } from '@rafter/domain/lead';
import { ApiError } from '../../../lib/api-client';
import { FormTokenKeeper, type FormProof } from './form-token-keeper';

const CHALLENGE: ProofOfWorkChallenge = { parameters: { nonce: 'abc' }, signature: 'sig' };

function tokens(challengeOn: number[] = []) {
  let issued = 0;
  return vi.fn(async (_ownerId: string | null, _previous: string | null) => {
    issued += 1;
    const response: FormTokenResponse = {
      token: `token-${issued}`,
      expiresIn: 7200,
      challenge: challengeOn.includes(issued) ? CHALLENGE : null,
    };
    return response;
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('FormTokenKeeper', () => {
  it('sends the token fetched on start, then takes a new one that keeps the first one as previous', async () => {
    const fetchToken = tokens();
    const keeper = new FormTokenKeeper('owner-1', fetchToken, vi.fn());
    keeper.start();
    const request = vi.fn(async (proof: FormProof) => proof);
    expect(await keeper.send(request, vi.fn())).toEqual({ formToken: 'token-1' });
    expect(fetchToken.mock.calls).toEqual([
      ['owner-1', null],
      ['owner-1', 'token-1'],
    ]);
    expect(await keeper.send(request, vi.fn())).toEqual({ formToken: 'token-2' });
    keeper.stop();
  });

  it('starts no solver when the token came without a challenge', async () => {
    const solve = vi.fn(async () => 'never');
    const keeper = new FormTokenKeeper('owner-1', tokens(), solve);
    keeper.start();
    keeper.prepare();
    expect(await keeper.send(async (proof) => proof, vi.fn())).toEqual({ formToken: 'token-1' });
    expect(solve).not.toHaveBeenCalled();
    keeper.stop();
  });

  it('solves a challenge that came with the token, saying the homeowner waits for it', async () => {
    const solve = vi.fn(async () => 'solution-1');
    const keeper = new FormTokenKeeper(null, tokens([1]), solve);
    keeper.start();
    keeper.prepare();
    const onChecking = vi.fn();
    const proof = await keeper.send(async (sent) => sent, onChecking);
    expect(proof).toEqual({ formToken: 'token-1', challengeSolution: 'solution-1' });
    expect(solve).toHaveBeenCalledTimes(1);
    expect(onChecking).toHaveBeenCalled();
    keeper.stop();
  });

  it('answers a 428 by solving its challenge and sending the same token again', async () => {
    const solve = vi.fn(async () => 'solved');
    const keeper = new FormTokenKeeper('owner-1', tokens(), solve);
    keeper.start();
    const sent: FormProof[] = [];
    const request = vi.fn(async (proof: FormProof) => {
      sent.push(proof);
      if (sent.length === 1) {
        throw new ApiError(428, 'busy', { error: 'busy', challenge: CHALLENGE });
      }
      return 'stored';
    });
    const onChecking = vi.fn();
    expect(await keeper.send(request, onChecking)).toBe('stored');
    expect(sent).toEqual([
      { formToken: 'token-1' },
      { formToken: 'token-1', challengeSolution: 'solved' },
    ]);
    expect(solve).toHaveBeenCalledWith(CHALLENGE);
    expect(onChecking).toHaveBeenCalledTimes(1);
    keeper.stop();
  });

  it('takes a new token after a failed request, and fails when no token can be had', async () => {
    const fetchToken = tokens();
    const keeper = new FormTokenKeeper('owner-1', fetchToken, vi.fn());
    keeper.start();
    await expect(
      keeper.send(() => Promise.reject(new ApiError(503, 'down')), vi.fn()),
    ).rejects.toThrow('down');
    expect(await keeper.send(async (proof) => proof, vi.fn())).toEqual({ formToken: 'token-2' });

    const offline = new FormTokenKeeper(
      'owner-1',
      () => Promise.reject(new Error('offline')),
      vi.fn(),
    );
    offline.start();
    const request = vi.fn();
    await expect(offline.send(request, vi.fn())).rejects.toThrow('No form token');
    expect(request).not.toHaveBeenCalled();
    offline.stop();
    keeper.stop();
  });

  it('renews the token ten minutes before it expires', async () => {
    vi.useFakeTimers();
    const fetchToken = tokens();
    const keeper = new FormTokenKeeper('owner-1', fetchToken, vi.fn());
    keeper.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(110 * 60_000 - 1000);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(fetchToken).toHaveBeenLastCalledWith('owner-1', 'token-1');
    keeper.stop();
  });
});
