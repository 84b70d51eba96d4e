import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/** On #root of a page whose first screen was rendered at build time (scripts/prerender.mjs). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Renders a page's app into its #root. A page prerendered at build time is already painted from
 * its HTML: it is hydrated after that first paint (the next frame), so the browser shows the
 * content before any of the app's work starts. Otherwise the app renders in a transition, in
 * short slices that yield to the browser between them, instead of one long task: on a phone the
 * first render of a page is long enough to delay taps and scrolling.
 */
export function renderRoot(page: string, app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error(`${page} has no #root element`);
  const tree = <StrictMode>{app}</StrictMode>;
  if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) {
    requestAnimationFrame(() => {
      setTimeout(() => {
        // In a transition hydration, too, yields to the browser every few milliseconds (a
        // plain hydrateRoot renders the whole first screen in one task).
        startTransition(() => {
          hydrateRoot(container, tree);
        });
      }, 0);
    });
    return;
  }
  const root = createRoot(container);
  startTransition(() => {
    root.render(tree);
  });
}
