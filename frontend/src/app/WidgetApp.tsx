import { lazy, Suspense, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { signUpInNewTabWhenFramed } from '../features/auth/utils/sign-up-from-frame';
import { createQueryClient } from '../lib/query-client';
import { PageErrorBoundary } from './PageErrorBoundary';
import WidgetPage from './routes/WidgetPage';
import './page-baseline.css';

const WidgetSignUp = lazy(() => import('./WidgetSignUp'));

/**
 * Answers the app-wide `showSignup` event on /widget: a new tab on our site when framed, else
 * the sign-up dialog, whose code (and the session's) loads only then. Each opening starts blank.
 */
function SignUpOnRequest() {
  const [opening, setOpening] = useState<{ id: number; open: boolean } | null>(null);

  useEffect(() => {
    const showSignup = () => {
      if (signUpInNewTabWhenFramed()) return;
      setOpening((previous) => ({ id: (previous?.id ?? 0) + 1, open: true }));
    };
    window.addEventListener('showSignup', showSignup);
    return () => window.removeEventListener('showSignup', showSignup);
  }, []);

  if (!opening) return null;
  return (
    <Suspense fallback={null}>
      <WidgetSignUp
        key={opening.id}
        open={opening.open}
        onClose={() => setOpening({ ...opening, open: false })}
      />
    </Suspense>
  );
}

/**
 * The /widget page with only the providers it needs: contractors' sites load it for every
 * homeowner, so it goes without the router, the session and the other pages
 * (src/widget-main.tsx). And without MUI: the estimator's first step is plain HTML and CSS, and
 * what comes later (the next steps, the sign-up dialog) brings MUI's theme with it.
 */
export function WidgetApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <PageErrorBoundary pathname="/widget">
        <WidgetPage />
      </PageErrorBoundary>
      <SignUpOnRequest />
    </QueryClientProvider>
  );
}
