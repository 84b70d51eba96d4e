import { createContext, useContext } from 'react';

export type AuthDialogMode = 'signin' | 'signup' | 'forgot';

/**
 * A message the dialog opens with: the e-mail was confirmed, a link came back with an error, or
 * Google found an account that must be signed in to once before Google is linked to it.
 */
export interface AuthDialogNotice {
  severity: 'success' | 'info' | 'error';
  text: string;
}

export interface AuthDialogControls {
  open(mode: AuthDialogMode, notice?: AuthDialogNotice): void;
  /** Starts loading the dialog's code and options, e.g. when a pointer nears a button. */
  preload(): void;
  /** The dialog is showing (the voice widget steps back meanwhile). */
  isOpen: boolean;
}

export const AuthDialogContext = createContext<AuthDialogControls | null>(null);

export function useAuthDialog(): AuthDialogControls {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog needs an AuthDialogProvider above it');
  return value;
}
