import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setAccessTokenSource } from '../../../lib/api-client';
import { postRefresh } from '../api/refresh';
import { postSignIn } from '../api/sign-in';
import { postSignOut } from '../api/sign-out';
import { AuthContext } from '../session/auth-context';
import { SessionClient, browserSessionDeps } from '../session/session-client';
import { isOAuthReturn } from '../utils/browser-storage';

/** The tab's session for the whole app: restored on start, refreshed ahead of expiry. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [client] = useState(
    () =>
      new SessionClient(
        browserSessionDeps({ refresh: postRefresh, signIn: postSignIn, signOut: postSignOut }),
      ),
  );

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

  return <AuthContext value={client}>{children}</AuthContext>;
}
