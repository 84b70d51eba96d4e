import type { SignInPayload } from '@rafter/domain/auth';
import {
  AUTH_STORAGE_KEY,
  REFRESH_AHEAD_SECONDS,
  REFRESH_RETRY_ATTEMPTS,
  REFRESH_RETRY_BASE_MS,
  type AuthSession,
} from '@rafter/domain/auth-session';
import { ApiError, type AccessTokenSource } from '../../../lib/api-client';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/** Spec section 4's session events that this product produces. */
export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED';

export interface AuthState {
  status: AuthStatus;
  session: AuthSession | null;
}

export type AuthListener = (event: AuthEvent, state: AuthState) => void;

/** What one tab tells the others; access tokens never leave the browser's memory otherwise. */
export type TabMessage =
  { type: 'session'; session: AuthSession; expiresAtMs: number } | { type: 'signed-out' };

export interface TabChannel {
  postMessage(message: TabMessage): void;
  onmessage: ((event: MessageEvent<TabMessage>) => void) | null;
  close(): void;
}

type LockRequest = <T>(name: string, callback: () => Promise<T>) => Promise<T>;

export interface SessionClientDeps {
  refresh(): Promise<AuthSession>;
  signIn(payload: SignInPayload): Promise<AuthSession>;
  signOut(): Promise<void>;
  /** The page's localStorage, or null where it is unavailable. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** navigator.locks, so refreshes are single-flight across tabs; null to stay within the tab. */
  requestLock: LockRequest | null;
  openChannel: ((name: string) => TabChannel) | null;
  now: () => number;
}

type RefreshOutcome =
  /** The tab holds a fresh session: its own refresh's, or one another tab just announced. */
  | { kind: 'ok' }
  /** The server refused the cookie (401, 400): the session is over. */
  | { kind: 'rejected' }
  /** Network, 5xx or 429 after every retry: the session may still be fine. */
  | { kind: 'unavailable' };

const SIGNED_IN_MARKER = 'signed-in';
const AHEAD_MS = REFRESH_AHEAD_SECONDS * 1000;
/** Pause after a refresh that ran out of retries, before the next round. */
const RETRY_ROUND_PAUSE_MS = REFRESH_RETRY_BASE_MS * 2 ** REFRESH_RETRY_ATTEMPTS;

export function isRetryableRefreshError(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500)
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The tab's session. The access token lives only in this object's memory; the refresh token
 * only in the httpOnly cookie. localStorage keeps a marker (no secret) saying this browser has
 * signed in, so visitors who never did are not sent to the refresh endpoint on every page.
 */
export class SessionClient implements AccessTokenSource {
  private state: AuthState = { status: 'loading', session: null };
  private expiresAtMs = 0;
  private lifetimeMs = 0;
  private readonly listeners = new Set<AuthListener>();
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<RefreshOutcome> | null = null;
  private channel: TabChannel | null = null;
  /** Counts session changes, so a tab that waited for the lock sees another tab's refresh. */
  private version = 0;
  /** Bumped by start and stop: a start that was stopped meanwhile must not apply its result. */
  private run = 0;
  private stopped = false;

  constructor(private readonly deps: SessionClientDeps) {}

  getState = (): AuthState => this.state;

  getAccessToken(): string | null {
    return this.state.session?.accessToken ?? null;
  }

  /** Listens to session events; returns the unsubscribe function. */
  onAuthStateChange = (listener: AuthListener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Restores the session from the cookie when this browser signed in before or is coming back
   * from Google (`restore`), then emits INITIAL_SESSION.
   */
  async start({ restore }: { restore: boolean }): Promise<void> {
    const run = ++this.run;
    this.stopped = false;
    this.openChannel();
    // Started again after a stop (React's StrictMode does that): pick up where it was.
    if (this.state.status === 'signed-in') this.scheduleRefresh();
    if (this.state.status !== 'loading') return;
    if (!restore && !this.hasMarker()) {
      this.setState({ status: 'signed-out', session: null }, 'INITIAL_SESSION');
      return;
    }
    const outcome = await this.refreshOnce();
    if (run !== this.run || this.state.status !== 'loading') return;
    if (outcome.kind === 'rejected') this.removeMarker();
    this.setState({ status: 'signed-out', session: null }, 'INITIAL_SESSION');
  }

  /** Stops timers and the tab channel (the provider unmounted). */
  stop(): void {
    this.run++;
    this.stopped = true;
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    this.channel?.close();
    this.channel = null;
  }

  /** Signs in with a password; errors are the API's, for the dialog to show. */
  signIn = async (payload: SignInPayload): Promise<AuthSession> => {
    const session = await this.deps.signIn(payload);
    const expiresAtMs = this.deps.now() + session.expiresIn * 1000;
    this.acceptSession({ session, expiresAtMs }, 'SIGNED_IN');
    this.broadcast({ type: 'session', session, expiresAtMs });
    return session;
  };

  /** Ends the session on the server (revoking its cookie family), then in every tab. */
  signOut = async (): Promise<void> => {
    try {
      await this.withLock(() => this.deps.signOut());
    } catch (error) {
      // 401: the server had already ended it, which is what the user asked for.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    this.endSession();
    this.broadcast({ type: 'signed-out' });
  };

  /**
   * Refreshes now (single-flight). Keeps the session through network trouble, drops it when the
   * server refuses the cookie. Resolves to the session after the refresh, or null.
   */
  refresh = async (): Promise<AuthSession | null> => {
    if (this.state.status !== 'signed-in') return null;
    const outcome = await this.refreshOnce();
    if (this.state.status !== 'signed-in') return null;
    if (outcome.kind === 'ok') return this.state.session;
    if (outcome.kind === 'rejected') {
      this.endSession();
      this.broadcast({ type: 'signed-out' });
      return null;
    }
    this.schedule(RETRY_ROUND_PAUSE_MS);
    return this.state.session;
  };

  async refreshAccessToken(rejected: string | null): Promise<string | null> {
    const current = this.getAccessToken();
    if (current && current !== rejected) return current;
    return (await this.refresh())?.accessToken ?? null;
  }

  /** A refresh that a visible tab would have done while the browser throttled its timers. */
  refreshIfDue(): void {
    if (this.state.status === 'signed-in' && this.isDue()) {
      void this.refresh();
    }
  }

  private refreshOnce(): Promise<RefreshOutcome> {
    if (!this.inFlight) {
      const versionBefore = this.version;
      this.inFlight = this.withLock(async (): Promise<RefreshOutcome> => {
        // Another tab refreshed while this one waited for the lock: its session is as good.
        if (this.version !== versionBefore && this.state.session && !this.isDue()) {
          return { kind: 'ok' };
        }
        const result = await this.refreshWithRetry();
        if (result.kind !== 'ok') return result;
        // Taken and announced before the lock is released, so a tab waiting for the lock has
        // the news by the time it gets it, and need not rotate the cookie again.
        const { status } = this.state;
        this.acceptSession(
          result,
          status === 'loading'
            ? 'INITIAL_SESSION'
            : status === 'signed-in'
              ? 'TOKEN_REFRESHED'
              : 'SIGNED_IN',
        );
        this.broadcast({ type: 'session', ...result });
        return { kind: 'ok' };
      }).finally(() => {
        this.inFlight = null;
      });
    }
    return this.inFlight;
  }

  private async refreshWithRetry(): Promise<
    | { kind: 'ok'; session: AuthSession; expiresAtMs: number }
    | Exclude<RefreshOutcome, { kind: 'ok' }>
  > {
    for (let attempt = 1; ; attempt++) {
      try {
        const session = await this.deps.refresh();
        return { kind: 'ok', session, expiresAtMs: this.deps.now() + session.expiresIn * 1000 };
      } catch (error) {
        if (!isRetryableRefreshError(error)) return { kind: 'rejected' };
        if (attempt >= REFRESH_RETRY_ATTEMPTS) return { kind: 'unavailable' };
        await sleep(REFRESH_RETRY_BASE_MS * 2 ** (attempt - 1));
      }
    }
  }

  private withLock<T>(task: () => Promise<T>): Promise<T> {
    return this.deps.requestLock ? this.deps.requestLock(AUTH_STORAGE_KEY, task) : task();
  }

  /** REFRESH_AHEAD_SECONDS before expiry; halfway for a token that lives shorter than that. */
  private dueAtMs(): number {
    return this.expiresAtMs - Math.min(AHEAD_MS, this.lifetimeMs / 2);
  }

  private isDue(): boolean {
    return this.deps.now() >= this.dueAtMs();
  }

  private acceptSession(
    { session, expiresAtMs }: { session: AuthSession; expiresAtMs: number },
    event: AuthEvent,
  ): void {
    this.expiresAtMs = expiresAtMs;
    this.lifetimeMs = session.expiresIn * 1000;
    this.version++;
    this.setMarker();
    this.scheduleRefresh();
    this.setState({ status: 'signed-in', session }, event);
  }

  private endSession(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    this.expiresAtMs = 0;
    this.version++;
    this.removeMarker();
    this.setState({ status: 'signed-out', session: null }, 'SIGNED_OUT');
  }

  private scheduleRefresh(): void {
    this.schedule(Math.max(this.dueAtMs() - this.deps.now(), 0));
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.refreshTimer);
    // A request that finishes after the provider unmounted must not start a timer loop.
    if (this.stopped) return;
    this.refreshTimer = setTimeout(() => void this.refresh(), delayMs);
  }

  private setState(state: AuthState, event: AuthEvent): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener(event, state);
  }

  private openChannel(): void {
    if (this.channel || !this.deps.openChannel) return;
    this.channel = this.deps.openChannel(AUTH_STORAGE_KEY);
    this.channel.onmessage = ({ data }) => this.receive(data);
  }

  private broadcast(message: TabMessage): void {
    this.channel?.postMessage(message);
  }

  private receive(message: TabMessage): void {
    if (message.type === 'signed-out') {
      if (this.state.status === 'signed-in') this.endSession();
      return;
    }
    if (message.expiresAtMs <= this.expiresAtMs) return;
    this.acceptSession(
      message,
      this.state.status === 'signed-in' ? 'TOKEN_REFRESHED' : 'SIGNED_IN',
    );
  }

  private hasMarker(): boolean {
    try {
      return this.deps.storage?.getItem(AUTH_STORAGE_KEY) === SIGNED_IN_MARKER;
    } catch {
      return false;
    }
  }

  private setMarker(): void {
    try {
      this.deps.storage?.setItem(AUTH_STORAGE_KEY, SIGNED_IN_MARKER);
    } catch {
      // Storage refused (private mode): the session works, a reload just will not restore it.
    }
  }

  private removeMarker(): void {
    try {
      this.deps.storage?.removeItem(AUTH_STORAGE_KEY);
    } catch {
      // Nothing was stored, then.
    }
  }
}

/** The browser's implementations of the client's dependencies. */
export function browserSessionDeps(
  calls: Pick<SessionClientDeps, 'refresh' | 'signIn' | 'signOut'>,
): SessionClientDeps {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  let storage: Storage | null;
  try {
    storage = window.localStorage;
  } catch {
    // Reading the property itself throws where the user blocked site data.
    storage = null;
  }
  return {
    ...calls,
    storage,
    requestLock: locks ? (name, callback) => locks.request(name, callback) : null,
    openChannel:
      typeof BroadcastChannel === 'undefined'
        ? null
        : (name) => new BroadcastChannel(name) as unknown as TabChannel,
    now: () => Date.now(),
  };
}
