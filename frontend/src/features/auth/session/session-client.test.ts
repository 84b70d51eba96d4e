import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_STORAGE_KEY,
  REFRESH_AHEAD_SECONDS,
  REFRESH_RETRY_ATTEMPTS,
  type AuthSession,
} from '@rafter/domain/auth';
import { ApiError } from '../../../lib/api-client';
import {
  SessionClient,
  type AuthEvent,
  type SessionClientDeps,
  type TabChannel,
  type TabMessage,
} from './session-client';

const TTL_SECONDS = 900;

function session(accessToken: string, expiresIn = TTL_SECONDS): AuthSession {
  return {
    accessToken,
    tokenType: 'bearer',
    expiresIn,
    expiresAt: Math.floor(Date.now() / 1000) + expiresIn,
    user: {
      id: 'user-1',
      email: 'sam@example.com',
      fullName: 'Sam Roofer',
      emailConfirmed: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

/** navigator.locks for one name: callers run one after another. */
function fakeLocks(): NonNullable<SessionClientDeps['requestLock']> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(_name: string, callback: () => Promise<T>) => {
    const run = tail.then(callback);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** BroadcastChannel between the clients of one test: delivered asynchronously, never to self. */
function fakeChannels() {
  const members = new Set<TabChannel>();
  return (): TabChannel => {
    const channel: TabChannel = {
      onmessage: null,
      postMessage(message: TabMessage) {
        for (const other of members) {
          if (other === channel) continue;
          const data = structuredClone(message);
          queueMicrotask(() => other.onmessage?.({ data } as MessageEvent<TabMessage>));
        }
      },
      close() {
        members.delete(channel);
      },
    };
    members.add(channel);
    return channel;
  };
}

/**
 * The refresh endpoint as the server behaves: each answer rotates the browser's one cookie, and a
 * cookie presented twice revokes the family (401 from then on).
 */
function fakeRefreshServer(latencyMs = 50) {
  let cookie = 1;
  let revoked = false;
  const presented: number[] = [];
  const refresh = vi.fn(async () => {
    const mine = cookie;
    if (presented.includes(mine)) revoked = true;
    presented.push(mine);
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (revoked) throw new ApiError(401, 'Your session has ended. Please sign in again.');
    cookie = mine + 1;
    return session(`access-${cookie}`);
  });
  return { refresh, presented };
}

function createClient(overrides: Partial<SessionClientDeps> = {}) {
  const deps: SessionClientDeps = {
    refresh: vi.fn(async () => session('refreshed')),
    signIn: vi.fn(async () => session('signed-in')),
    signOut: vi.fn(async () => undefined),
    storage: memoryStorage(),
    requestLock: null,
    openChannel: null,
    now: () => Date.now(),
    ...overrides,
  };
  const client = new SessionClient(deps);
  const events: AuthEvent[] = [];
  client.onAuthStateChange((event) => events.push(event));
  return { client, deps, events };
}

const signInPayload = { email: 'sam@example.com', password: 'secret-1' };

describe('session client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('start', () => {
    it('is signed out at once, without a request, in a browser that never signed in', async () => {
      const { client, deps, events } = createClient();

      await client.start({ restore: false });

      expect(client.getState()).toEqual({ status: 'signed-out', session: null });
      expect(events).toEqual(['INITIAL_SESSION']);
      expect(deps.refresh).not.toHaveBeenCalled();
    });

    it('restores the session from the cookie when this browser signed in before', async () => {
      const storage = memoryStorage();
      storage.setItem(AUTH_STORAGE_KEY, 'signed-in');
      const { client, deps, events } = createClient({ storage });

      expect(client.getState().status).toBe('loading');
      await client.start({ restore: false });

      expect(deps.refresh).toHaveBeenCalledTimes(1);
      expect(client.getState().status).toBe('signed-in');
      expect(client.getAccessToken()).toBe('refreshed');
      expect(events).toEqual(['INITIAL_SESSION']);
    });

    it('restores on a return from Google even without the marker', async () => {
      const { client, deps } = createClient();

      await client.start({ restore: true });

      expect(deps.refresh).toHaveBeenCalledTimes(1);
      expect(client.getState().status).toBe('signed-in');
    });

    it('forgets the marker when the server refuses the cookie', async () => {
      const storage = memoryStorage();
      storage.setItem(AUTH_STORAGE_KEY, 'signed-in');
      const { client, events } = createClient({
        storage,
        refresh: vi.fn(async () => {
          throw new ApiError(401, 'Your session has ended. Please sign in again.');
        }),
      });

      await client.start({ restore: false });

      expect(client.getState().status).toBe('signed-out');
      expect(events).toEqual(['INITIAL_SESSION']);
      expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    });
  });

  describe('refresh schedule', () => {
    it(`refreshes ${REFRESH_AHEAD_SECONDS} s before the access token expires, again and again`, async () => {
      const { client, deps, events } = createClient();
      await client.start({ restore: false });
      await client.signIn(signInPayload);
      const dueMs = (TTL_SECONDS - REFRESH_AHEAD_SECONDS) * 1000;

      await vi.advanceTimersByTimeAsync(dueMs - 1);
      expect(deps.refresh).not.toHaveBeenCalled();

      await vi.advanceTimersByTimeAsync(1);
      expect(deps.refresh).toHaveBeenCalledTimes(1);
      expect(client.getAccessToken()).toBe('refreshed');
      expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED']);

      await vi.advanceTimersByTimeAsync(dueMs);
      expect(deps.refresh).toHaveBeenCalledTimes(2);
    });

    it('retries a network failure, 5xx and 429 after 200, 400, 800 ms', async () => {
      const failures = [
        new ApiError(0, 'offline'),
        new ApiError(503, 'Service Unavailable'),
        new ApiError(429, 'Rate limit exceeded. Please try again in a few minutes.'),
      ];
      const callTimes: number[] = [];
      const refresh = vi.fn(async () => {
        callTimes.push(Date.now());
        const failure = failures.shift();
        if (failure) throw failure;
        return session('after-retries');
      });
      const { client } = createClient({ refresh });
      await client.start({ restore: false });
      await client.signIn(signInPayload);

      await vi.advanceTimersByTimeAsync((TTL_SECONDS - REFRESH_AHEAD_SECONDS) * 1000);
      await vi.advanceTimersByTimeAsync(200 + 400 + 800);

      expect(refresh).toHaveBeenCalledTimes(4);
      const first = callTimes[0]!;
      expect(callTimes.map((time) => time - first)).toEqual([0, 200, 600, 1400]);
      expect(client.getState().status).toBe('signed-in');
      expect(client.getAccessToken()).toBe('after-retries');
    });

    it(`keeps the session through ${REFRESH_RETRY_ATTEMPTS} failed attempts and tries again later`, async () => {
      const refresh = vi.fn(async (): Promise<AuthSession> => {
        throw new ApiError(0, 'offline');
      });
      const { client, events } = createClient({ refresh });
      await client.start({ restore: false });
      await client.signIn(signInPayload);

      await vi.advanceTimersByTimeAsync((TTL_SECONDS - REFRESH_AHEAD_SECONDS) * 1000);
      await vi.advanceTimersByTimeAsync(200 + 400 + 800 + 1600 + 3200);

      expect(refresh).toHaveBeenCalledTimes(REFRESH_RETRY_ATTEMPTS);
      expect(client.getState().status).toBe('signed-in');
      expect(events).not.toContain('SIGNED_OUT');

      refresh.mockResolvedValue(session('back-online'));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(client.getAccessToken()).toBe('back-online');
    });

    it.each([401, 400])('drops the session when the refresh answers %i', async (status) => {
      const storage = memoryStorage();
      const { client, events } = createClient({
        storage,
        refresh: vi.fn(async () => {
          throw new ApiError(status, 'refused');
        }),
      });
      await client.start({ restore: false });
      await client.signIn(signInPayload);

      await vi.advanceTimersByTimeAsync((TTL_SECONDS - REFRESH_AHEAD_SECONDS) * 1000);

      expect(client.getState()).toEqual({ status: 'signed-out', session: null });
      expect(events.at(-1)).toBe('SIGNED_OUT');
      expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    });
  });

  describe('single flight', () => {
    it('sends one refresh for any number of callers at once', async () => {
      const server = fakeRefreshServer();
      const { client } = createClient({ refresh: server.refresh });
      await client.start({ restore: false });
      await client.signIn(signInPayload);

      const tokens = Promise.all([
        client.refreshAccessToken('signed-in'),
        client.refreshAccessToken('signed-in'),
        client.refreshAccessToken('signed-in'),
      ]);
      await vi.advanceTimersByTimeAsync(50);

      await expect(tokens).resolves.toEqual(['access-2', 'access-2', 'access-2']);
      expect(server.refresh).toHaveBeenCalledTimes(1);
    });

    it('does not refresh for a caller whose token another caller already replaced', async () => {
      const { client, deps } = createClient();
      await client.start({ restore: false });
      await client.signIn(signInPayload);

      await expect(client.refreshAccessToken('an-older-token')).resolves.toBe('signed-in');
      expect(deps.refresh).not.toHaveBeenCalled();
    });

    it('two tabs due at the same moment never present the same refresh cookie twice', async () => {
      const server = fakeRefreshServer();
      const shared = { requestLock: fakeLocks(), openChannel: fakeChannels() };
      const tabA = createClient({ ...shared, refresh: server.refresh });
      const tabB = createClient({ ...shared, refresh: server.refresh });
      await tabA.client.start({ restore: false });
      await tabB.client.start({ restore: false });

      await tabA.client.signIn(signInPayload);
      await vi.advanceTimersByTimeAsync(0);
      expect(tabB.client.getState().status).toBe('signed-in');
      expect(tabB.events.at(-1)).toBe('SIGNED_IN');

      await vi.advanceTimersByTimeAsync((TTL_SECONDS - REFRESH_AHEAD_SECONDS) * 1000 + 100);

      expect(server.presented).toEqual([1]);
      expect(tabA.client.getAccessToken()).toBe('access-2');
      expect(tabB.client.getAccessToken()).toBe('access-2');
      expect(tabB.events.at(-1)).toBe('TOKEN_REFRESHED');
    });

    it('without the lock the same two refreshes would reuse a cookie (why the lock exists)', async () => {
      const server = fakeRefreshServer();
      const tabA = createClient({ refresh: server.refresh });
      const tabB = createClient({ refresh: server.refresh });
      await tabA.client.start({ restore: false });
      await tabB.client.start({ restore: false });
      await tabA.client.signIn(signInPayload);
      await tabB.client.signIn(signInPayload);

      await vi.advanceTimersByTimeAsync((TTL_SECONDS - REFRESH_AHEAD_SECONDS) * 1000 + 100);

      expect(server.presented).toEqual([1, 1]);
    });
  });

  describe('sign-in and sign-out across tabs', () => {
    it('signs every tab out, and forgets the marker', async () => {
      const storage = memoryStorage();
      const shared = { requestLock: fakeLocks(), openChannel: fakeChannels(), storage };
      const tabA = createClient(shared);
      const tabB = createClient(shared);
      await tabA.client.start({ restore: false });
      await tabB.client.start({ restore: false });
      await tabA.client.signIn(signInPayload);
      await vi.advanceTimersByTimeAsync(0);
      expect(storage.getItem(AUTH_STORAGE_KEY)).toBe('signed-in');

      await tabB.client.signOut();
      await vi.advanceTimersByTimeAsync(0);

      expect(tabB.deps.signOut).toHaveBeenCalledTimes(1);
      expect(tabA.client.getState().status).toBe('signed-out');
      expect(tabA.events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT']);
      expect(storage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    });

    it('keeps the session when the sign-out request fails, so the user can try again', async () => {
      const { client } = createClient({
        signOut: vi.fn(async () => {
          throw new ApiError(500, 'Request failed (500)');
        }),
      });
      await client.start({ restore: false });
      await client.signIn(signInPayload);

      await expect(client.signOut()).rejects.toMatchObject({ status: 500 });
      expect(client.getState().status).toBe('signed-in');
    });

    it('treats a 401 from sign-out as signed out: the server had already ended it', async () => {
      const { client } = createClient({
        signOut: vi.fn(async () => {
          throw new ApiError(401, 'Your session has ended. Please sign in again.');
        }),
      });
      await client.start({ restore: false });
      await client.signIn(signInPayload);

      await client.signOut();
      expect(client.getState().status).toBe('signed-out');
    });

    it('leaves a failed sign-in to the caller and stays signed out', async () => {
      const { client, events } = createClient({
        signIn: vi.fn(async () => {
          throw new ApiError(401, 'Username or password is wrong');
        }),
      });
      await client.start({ restore: false });

      await expect(client.signIn(signInPayload)).rejects.toMatchObject({ status: 401 });
      expect(client.getState().status).toBe('signed-out');
      expect(events).toEqual(['INITIAL_SESSION']);
    });
  });

  it('stops refreshing once stopped', async () => {
    const { client, deps } = createClient();
    await client.start({ restore: false });
    await client.signIn(signInPayload);

    client.stop();
    await vi.advanceTimersByTimeAsync(TTL_SECONDS * 1000);

    expect(deps.refresh).not.toHaveBeenCalled();
  });
});
