import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy pages are transformed on first import, which can take over a second on a cold run.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the app only scrolls to the top on page switches.
window.scrollTo = (() => undefined) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

/** React warnings (duplicate keys, updates outside act, invalid DOM nesting) fail the test. */
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
  window.history.replaceState(null, '', '/');
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.title = '';
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1440 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map((part) => (part instanceof Error ? part.message : String(part))).join(' ');
    throw new Error(`console.error was called ${consoleErrors.length} time(s); first: ${first}`);
  }
});
