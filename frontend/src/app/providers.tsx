import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../features/auth/components/AuthProvider';
import { createQueryClient } from '../lib/query-client';
import './page-baseline.css';

/**
 * What every page of the app needs: the query client and the session. Not MUI's theme: the
 * landing page is drawn without MUI, and AppRoutes gives the other pages the theme
 * (components/AppTheme.tsx); the page-wide rules are a plain stylesheet.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
