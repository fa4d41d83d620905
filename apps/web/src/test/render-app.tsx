import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { App } from '../app/app';
import { setCsrfToken } from '../lib/csrf';
import { ManualClock } from './manual-clock';

/**
 * Renders the whole app at a URL with a hand-moved clock. `signedIn` puts this tab's CSRF token in
 * sessionStorage, as a sign-in would have.
 */
export function renderApp(options: { url?: string; clock?: ManualClock; signedIn?: boolean; width?: number } = {}) {
  const clock = options.clock ?? new ManualClock();
  window.history.replaceState(null, '', options.url ?? '/');
  if (options.signedIn ?? true) setCsrfToken('csrf-test-token');
  if (options.width !== undefined) window.innerWidth = options.width;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  const view = render(<App queryClient={queryClient} clock={clock} />);
  return { ...view, clock, queryClient };
}

/** The current query string, decoded for readable assertions. */
export function currentQuery(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}
