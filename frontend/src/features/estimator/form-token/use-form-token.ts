import { useEffect, useMemo } from 'react';
import type { ProofOfWorkChallenge } from '@rafter/domain/lead';
import { getFormToken } from '../api/get-form-token';
import { FormTokenKeeper } from './form-token-keeper';

// The solver and its Web Worker load only when a challenge has to be solved.
const solveLazily = (challenge: ProofOfWorkChallenge) =>
  import('./solve-challenge').then(({ solveChallenge }) => solveChallenge(challenge));

/**
 * The widget's form token for `ownerId`'s calculator (the main site's without one), fetched and
 * kept fresh while `enabled`.
 */
export function useFormToken(ownerId: string | null, enabled = true): FormTokenKeeper {
  const keeper = useMemo(() => new FormTokenKeeper(ownerId, getFormToken, solveLazily), [ownerId]);
  useEffect(() => {
    if (!enabled) return;
    keeper.start();
    return () => keeper.stop();
  }, [keeper, enabled]);
  return keeper;
}
