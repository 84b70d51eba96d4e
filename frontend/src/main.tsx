import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition renders in short slices, yielding to the browser between them, instead of one
// long task: on a phone the first render of a page is long enough to delay taps and scrolling.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
