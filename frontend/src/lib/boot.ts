import { PRERENDERED_ATTRIBUTE } from './prerendered';

/** The next task: lets the browser handle input and paint between two stages of start-up. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts a page's app from its entry script, which imports nothing else (main.tsx,
 * widget-main.tsx). A page prerendered at build time (scripts/prerender.mjs) is painted from its
 * HTML first: the app's modules are evaluated only after that first paint (the frame after the
 * next), so the browser never holds the first screen back to run them. The HTML fetches them
 * early at low priority (modulepreload), so they are usually in by then. Other pages (#root
 * empty) start at once: there is nothing to paint before them.
 *
 * `stages` are imported one after the other, each in a task of its own: evaluating a module graph
 * is one task however large, so the libraries every page needs (React, MUI's styling) are
 * evaluated first, and the app (the last stage, which starts itself) after, instead of in one
 * long task that holds off a tap on a phone.
 */
export function boot(...stages: (() => Promise<unknown>)[]): void {
  const start = async () => {
    for (const [index, stage] of stages.entries()) {
      if (index > 0) await nextTask();
      await stage();
    }
  };
  const run = () => {
    start().catch((error: unknown) => {
      // The app could not load (offline, a deploy replaced its files): say so in the page.
      console.error(error);
      const root = document.getElementById('root');
      if (root && !root.hasAttribute(PRERENDERED_ATTRIBUTE)) {
        root.textContent = 'This page could not load. Check your connection and reload the page.';
      }
    });
  };
  if (document.getElementById('root')?.hasAttribute(PRERENDERED_ATTRIBUTE)) {
    requestAnimationFrame(() => setTimeout(run, 0));
  } else {
    run();
  }
}
