import { lazy, Suspense, useEffect, useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { signUpInNewTabWhenFramed } from '../features/auth/utils/sign-up-from-frame';
import { createQueryClient } from '../lib/query-client';
import { theme } from '../theme/theme';
import { PageErrorBoundary } from './PageErrorBoundary';
import WidgetPage from './routes/WidgetPage';

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
 * (src/widget-main.tsx).
 */
export function WidgetApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <PageErrorBoundary pathname="/widget">
          <WidgetPage />
        </PageErrorBoundary>
        <SignUpOnRequest />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
