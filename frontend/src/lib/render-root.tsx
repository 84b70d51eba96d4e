import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Renders a page's app into its #root. A transition renders in short slices, yielding to the
 * browser between them, instead of one long task: on a phone the first render of a page is long
 * enough to delay taps and scrolling.
 */
export function renderRoot(page: string, app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error(`${page} has no #root element`);
  const root = createRoot(container);
  startTransition(() => {
    root.render(<StrictMode>{app}</StrictMode>);
  });
}
