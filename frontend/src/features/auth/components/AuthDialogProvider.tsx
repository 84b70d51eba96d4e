import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authOptionsQueryOptions } from '../api/options';
import {
  AuthDialogContext,
  type AuthDialogControls,
  type AuthDialogMode,
  type AuthDialogNotice,
} from '../hooks/use-auth-dialog';
import { takePostSignInPath } from '../utils/browser-storage';
import { signUpInNewTabWhenFramed } from '../utils/sign-up-from-frame';

// The forms, their schemas and the resolver load on first use, not with the landing page.
const loadAuthDialog = () => import('./AuthDialog');
const AuthDialog = lazy(loadAuthDialog);

interface Request {
  mode: AuthDialogMode;
  notice: AuthDialogNotice | undefined;
  /** Each opening starts from blank forms. */
  id: number;
}

/** Hosts the auth dialog for every page, and answers the app-wide `showSignup` event. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<Request | null>(null);
  const [open, setOpen] = useState(false);

  const controls = useMemo<AuthDialogControls>(
    () => ({
      open: (mode, notice) => {
        setRequest((previous) => ({ mode, notice, id: (previous?.id ?? 0) + 1 }));
        setOpen(true);
      },
      preload: () => {
        void loadAuthDialog();
        void queryClient.prefetchQuery(authOptionsQueryOptions);
      },
      isOpen: open,
    }),
    [queryClient, open],
  );

  useEffect(() => {
    const showSignup = () => {
      if (!signUpInNewTabWhenFramed()) controls.open('signup');
    };
    window.addEventListener('showSignup', showSignup);
    return () => window.removeEventListener('showSignup', showSignup);
  }, [controls]);

  return (
    <AuthDialogContext value={controls}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <AuthDialog
            key={request.id}
            open={open}
            initialMode={request.mode}
            notice={request.notice}
            onClose={() => setOpen(false)}
            onSignedIn={() => {
              setOpen(false);
              void navigate(takePostSignInPath());
            }}
          />
        </Suspense>
      )}
    </AuthDialogContext>
  );
}
