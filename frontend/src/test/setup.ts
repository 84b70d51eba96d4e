import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// jsdom has no layout: scrolling does nothing there, but it logs "not implemented" errors.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
