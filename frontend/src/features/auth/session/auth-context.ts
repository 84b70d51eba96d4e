import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { AuthSession, AuthUser, SignInPayload } from '@rafter/domain/auth';
import type { AuthListener, AuthState, AuthStatus } from './session-client';

export interface AuthContextValue {
  status: AuthStatus;
  session: AuthSession | null;
  user: AuthUser | null;
  signIn(payload: SignInPayload): Promise<AuthSession>;
  signOut(): Promise<void>;
  /** SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED and INITIAL_SESSION; returns the unsubscribe. */
  onAuthStateChange(listener: AuthListener): () => void;
}

/** What AuthProvider shares: the tab's session, read through `useAuth`. */
export interface AuthSource {
  getState(): AuthState;
  signIn(payload: SignInPayload): Promise<AuthSession>;
  signOut(): Promise<void>;
  onAuthStateChange(listener: AuthListener): () => void;
}

/**
 * The context holds the session's source, which never changes, not its state: each `useAuth`
 * subscribes on its own. A context value that changed when the session check answered would
 * reach every part of a prerendered page still waiting to hydrate (DeferHydration, a route's
 * code still loading), and React would throw their server HTML away and render them again.
 */
export const AuthContext = createContext<AuthSource | null>(null);

const SERVER_STATE: AuthState = { status: 'loading', session: null };
const serverState = () => SERVER_STATE;

export function useAuth(): AuthContextValue {
  const source = useContext(AuthContext);
  if (!source) throw new Error('useAuth needs an AuthProvider above it');
  // A prerendered page (and its hydration) shows the session as still being checked.
  const state = useSyncExternalStore(source.onAuthStateChange, source.getState, serverState);
  return useMemo(
    () => ({
      status: state.status,
      session: state.session,
      user: state.session?.user ?? null,
      signIn: source.signIn,
      signOut: source.signOut,
      onAuthStateChange: source.onAuthStateChange,
    }),
    [source, state],
  );
}
