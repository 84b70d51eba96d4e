import { createContext, useContext } from 'react';
import type { AuthSession, AuthUser, SignInPayload } from '@rafter/domain/auth';
import type { AuthListener, AuthStatus } from './session-client';

export interface AuthContextValue {
  status: AuthStatus;
  session: AuthSession | null;
  user: AuthUser | null;
  signIn(payload: SignInPayload): Promise<AuthSession>;
  signOut(): Promise<void>;
  /** SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED and INITIAL_SESSION; returns the unsubscribe. */
  onAuthStateChange(listener: AuthListener): () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider above it');
  return value;
}
