import './lib/zod-jitless';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { createAppHistory } from './app/app-history';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadPage } from './app/router';
import { renderRoot } from './lib/render-root';

// A prerendered page's own chunk (preloaded by the HTML) is in before hydration starts.
void preloadPage(window.location.pathname)
  .catch(() => {
    // The page's error boundary shows a failed load when the route renders.
  })
  .finally(() =>
    renderRoot(
      'index.html',
      <AppProviders>
        <HistoryRouter history={createAppHistory()}>
          <AppRoutes />
        </HistoryRouter>
      </AppProviders>,
    ),
  );
