import type {
  ChallengeRequired,
  FormTokenResponse,
  ProofOfWorkChallenge,
} from '@rafter/domain/lead';
import { ApiError } from '../../../lib/api-client';

/** Renewed this long before it expires; a homeowner may leave the widget open for hours. */
const RENEW_BEFORE_EXPIRY_MS = 10 * 60_000;
/** At submit, a token this close to expiry is renewed first rather than sent. */
const SEND_MARGIN_MS = 60_000;

/** What a quote request carries to show it came from this page, once. */
export interface FormProof {
  formToken: string;
  challengeSolution?: string;
}

interface Issued {
  token: string;
  challenge: ProofOfWorkChallenge | null;
  /** By this page's clock: the server says how long the token lasts, not when. */
  expiresAt: number;
  solution: Promise<string> | null;
}

export type FetchFormToken = (
  ownerId: string | null,
  previous: string | null,
) => Promise<FormTokenResponse>;

export type SolveChallenge = (challenge: ProofOfWorkChallenge) => Promise<string>;

function challengeOf(error: unknown): ProofOfWorkChallenge | null {
  if (!(error instanceof ApiError) || error.status !== 428) return null;
  const body = error.body as Partial<ChallengeRequired> | undefined;
  return body?.challenge ?? null;
}

/**
 * The estimator's form token: fetched when the widget appears (without holding up its first
 * screen), renewed before it expires and after every quote request (a token is single use), and
 * sent with the request. While the calculator is under a burst the server hands a proof-of-work
 * challenge with the token, or answers a request 428 with one; the keeper solves it in a Web
 * Worker (the homeowner sees 'Checking your request…') and sends the same request again.
 */
export class FormTokenKeeper {
  private current: Promise<Issued | null> | null = null;
  private lastToken: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ownerId: string | null,
    private readonly fetchToken: FetchFormToken,
    private readonly solve: SolveChallenge,
  ) {}

  /** Fetches the first token, or schedules the renewal of the one held. */
  start(): void {
    if (!this.current) {
      void this.renew();
      return;
    }
    void this.current.then((issued) => issued && this.schedule(issued));
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  /** Starts solving the token's challenge, if it has one, while the homeowner types. */
  prepare(): void {
    void this.current?.then((issued) => {
      // A failure shows when the request waits for the solution; nothing to report before.
      if (issued) this.solution(issued)?.catch(() => undefined);
    });
  }

  /**
   * Sends a quote request with a valid token (and a solved challenge when one is asked for),
   * then takes a new token for the next request, whatever the answer. `onChecking` is called
   * when the homeowner has to wait for the solver.
   */
  async send<T>(request: (proof: FormProof) => Promise<T>, onChecking: () => void): Promise<T> {
    try {
      let issued = await this.current;
      if (!issued || Date.now() > issued.expiresAt - SEND_MARGIN_MS) issued = await this.renew();
      if (!issued) throw new Error('No form token: the server could not be reached');
      const proof: FormProof = { formToken: issued.token };
      const solution = this.solution(issued);
      if (solution) {
        onChecking();
        proof.challengeSolution = await solution;
      }
      try {
        return await request(proof);
      } catch (error) {
        const challenge = challengeOf(error);
        if (!challenge) throw error;
        onChecking();
        return await request({ ...proof, challengeSolution: await this.solve(challenge) });
      }
    } finally {
      void this.renew();
    }
  }

  private renew(): Promise<Issued | null> {
    const next = this.fetchToken(this.ownerId, this.lastToken).then(
      (response): Issued => {
        this.lastToken = response.token;
        const issued: Issued = {
          token: response.token,
          challenge: response.challenge,
          expiresAt: Date.now() + response.expiresIn * 1000,
          solution: null,
        };
        this.schedule(issued);
        return issued;
      },
      // Asked for again at the next request; the widget keeps working meanwhile.
      () => null,
    );
    this.current = next;
    return next;
  }

  private schedule(issued: Issued): void {
    clearTimeout(this.timer);
    const wait = Math.max(issued.expiresAt - RENEW_BEFORE_EXPIRY_MS - Date.now(), 0);
    this.timer = setTimeout(() => void this.renew(), wait);
  }

  /** The solution of the token's challenge, solved once; null when it came without one. */
  private solution(issued: Issued): Promise<string> | null {
    if (!issued.challenge) return null;
    issued.solution ??= this.solve(issued.challenge);
    return issued.solution;
  }
}
