import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { sharePageSlug } from '@rafter/domain/routes';
import { useHydrated } from '../lib/hydration';
import { createQueryClient } from '../lib/query-client';
import { PageErrorBoundary } from './PageErrorBoundary';
import { ShareCalculatorPage } from './routes/ShareCalculatorPage';
import './page-baseline.css';

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
          slug={hydrated ? (sharePageSlug(pathname) ?? '') : null}
          search={hydrated ? window.location.search : ''}
        />
      </PageErrorBoundary>
    </QueryClientProvider>
  );
}
