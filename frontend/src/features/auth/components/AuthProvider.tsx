import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setAccessTokenSource } from '../../../lib/api-client';
import { postRefresh } from '../api/refresh';
import { postSignIn } from '../api/sign-in';
import { postSignOut } from '../api/sign-out';
import { AuthContext, type AuthContextValue } from '../session/auth-context';
import type { AuthState } from '../session/session-client';
import { SessionClient, browserSessionDeps } from '../session/session-client';
import { isOAuthReturn } from '../utils/browser-storage';

const SERVER_STATE: AuthState = { status: 'loading', session: null };
const serverState = () => SERVER_STATE;

/** The tab's session for the whole app: restored on start, refreshed ahead of expiry. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [client] = useState(
    () =>
      new SessionClient(
        browserSessionDeps({ refresh: postRefresh, signIn: postSignIn, signOut: postSignOut }),
      ),
  );
  // A prerendered page (and its hydration) shows the session as still being checked.
  const state = useSyncExternalStore(client.onAuthStateChange, client.getState, serverState);

  useEffect(() => {
    setAccessTokenSource(client);
    const unsubscribe = client.onAuthStateChange((event) => {
      // Nothing one contractor loaded may show to whoever signs in next in this tab.
      if (event === 'SIGNED_OUT') queryClient.clear();
    });
    // Background tabs run timers late; catch up as soon as the tab is looked at again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') client.refreshIfDue();
    };
    document.addEventListener('visibilitychange', onVisible);
    void client.start({ restore: isOAuthReturn(window.location) });
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      unsubscribe();
      client.stop();
      setAccessTokenSource(null);
    };
  }, [client, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      session: state.session,
      user: state.session?.user ?? null,
      signIn: client.signIn,
      signOut: client.signOut,
      onAuthStateChange: client.onAuthStateChange,
    }),
    [client, state],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
