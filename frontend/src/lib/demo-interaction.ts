/**
 * The landing page's live demo calculator announces the visitor's first interaction with a
 * window event, so other parts of the page (the voice assistant's nudges) can step back.
 */
export const DEMO_INTERACTED_EVENT = 'demo-interacted';

export function announceDemoInteraction(): void {
  window.dispatchEvent(new Event(DEMO_INTERACTED_EVENT));
}

/** Calls `listener` on each announcement; returns the unsubscribe function. */
export function onDemoInteraction(listener: () => void): () => void {
  window.addEventListener(DEMO_INTERACTED_EVENT, listener);
  return () => window.removeEventListener(DEMO_INTERACTED_EVENT, listener);
}
