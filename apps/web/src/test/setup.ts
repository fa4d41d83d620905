import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy pages are transformed on first import, which can take over a second on a cold run.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the app only scrolls to the top on page switches.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.title = '';
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1440 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
