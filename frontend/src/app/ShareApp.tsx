import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useHydrated } from '../lib/hydration';
import { createQueryClient } from '../lib/query-client';
import { PageErrorBoundary } from './PageErrorBoundary';
import { ShareCalculatorPage } from './routes/ShareCalculatorPage';
import './page-baseline.css';

/** The slug of a /calc/:slug path, decoded as the router would ('' when there is none). */
export function shareSlug(pathname: string): string {
  const match = /^\/calc\/([^/]+)\/?$/.exec(pathname);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!).trim();
  } catch {
    return '';
  }
}

/**
 * A contractor's share page, /calc/:slug, loaded directly (share.html, src/share-main.tsx): the
 * page with only the providers it needs, without the router, the session, the other pages or
 * MUI, as homeowners open it from a link on their phones. The page is prerendered without a
 * slug; the slug and the query string are read right after hydration.
 */
export function ShareApp() {
  const [queryClient] = useState(createQueryClient);
  const hydrated = useHydrated();
  const pathname = hydrated ? window.location.pathname : '';
  return (
    <QueryClientProvider client={queryClient}>
      <PageErrorBoundary pathname={pathname}>
        <ShareCalculatorPage
          slug={hydrated ? shareSlug(pathname) : null}
          search={hydrated ? window.location.search : ''}
        />
      </PageErrorBoundary>
    </QueryClientProvider>
  );
}
