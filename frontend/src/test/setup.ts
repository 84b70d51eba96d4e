import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor poll until the page shows what they look for; this is only their ceiling.
// The default second is less than a lazy chunk or a whole-app render takes on a busy 2-core
// machine (with the product running beside the tests), where such waits failed at random.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // The session marker and the chosen plan must not leak from one test into the next.
  localStorage.clear();
  sessionStorage.clear();
  // A worker runs file after file in one jsdom (vitest.config.ts): each starts at the site's root.
  window.history.replaceState(null, '', '/');
});

// jsdom has no layout: scrolling does nothing there, but it logs "not implemented" errors.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
