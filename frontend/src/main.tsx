import './lib/zod-jitless';
import { BrowserRouter } from 'react-router';
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
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>,
    ),
  );
