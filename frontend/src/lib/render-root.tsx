import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PRERENDERED_ATTRIBUTE } from './prerendered';

export { PRERENDERED_ATTRIBUTE };

/**
 * Renders a page's app into its #root: hydrates the markup of a page prerendered at build time
 * (its entry started the app after the first paint, lib/boot.ts), else renders it. Either way in
 * a transition, in short slices that yield to the browser between them, instead of one long
 * task: on a phone the first render of a page is long enough to delay taps and scrolling.
 */
export function renderRoot(page: string, app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error(`${page} has no #root element`);
  const tree = <StrictMode>{app}</StrictMode>;
  if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) {
    // In a transition hydration, too, yields to the browser every few milliseconds (a plain
    // hydrateRoot renders the whole first screen in one task).
    startTransition(() => {
      hydrateRoot(container, tree);
    });
    return;
  }
  const root = createRoot(container);
  startTransition(() => {
    root.render(tree);
  });
}
