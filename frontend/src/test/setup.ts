import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // The session marker and the chosen plan must not leak from one test into the next.
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no layout: scrolling does nothing there, but it logs "not implemented" errors.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
