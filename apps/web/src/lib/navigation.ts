import { useSyncExternalStore } from 'react';
import { canonicalizeSearch, writePageState, type PageParam } from '@riskatlas/domain';

/**
 * The page state lives in the URL's query parameters; this module is the
 * store around it. Navigation pushes a history entry, back/forward fire popstate, and every change
 * is rewritten to the canonical spelling with replaceState.
 */

const listeners = new Set<() => void>();

/** Page parameters that survive a switch of page: the user's working context. */
const STICKY_PARAMS: readonly PageParam[] = ['methodology', 'countryId', 'release', 'colorId', 'iconId'];

function notify(): void {
  for (const listener of listeners) listener();
}

/** The current query string without '?'. */
export function currentSearch(): string {
  return window.location.search.replace(/^\?/, '');
}

function urlFor(search: string): string {
  return `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`;
}

/** Rewrites the address bar to the canonical spelling of its parameters, without a history entry. */
export function canonicalizeLocation(): void {
  const canonical = canonicalizeSearch(currentSearch());
  if (canonical !== currentSearch()) {
    window.history.replaceState(window.history.state, '', urlFor(canonical));
    notify();
  }
}

/** Sets the whole query string (canonicalised). `replace` rewrites the current entry instead of adding one. */
export function navigateToSearch(search: string, options: { replace?: boolean } = {}): void {
  const canonical = canonicalizeSearch(search);
  if (canonical === currentSearch() && !options.replace) return;
  if (options.replace) window.history.replaceState(window.history.state, '', urlFor(canonical));
  else window.history.pushState(null, '', urlFor(canonical));
  notify();
}

/** Changes some page parameters (null or undefined removes one). */
export function updatePageState(
  update: Partial<Record<PageParam, string | number | null | undefined>>,
  options: { replace?: boolean } = {},
): void {
  navigateToSearch(writePageState(currentSearch(), update), options);
}

/**
 * The query string that opens `page`: the sticky parameters of the current state are kept, the
 * page's own ones are replaced by `params`.
 */
function searchForPage(page: string, params: Record<string, string | number | null | undefined> = {}): string {
  const current = new URLSearchParams(canonicalizeSearch(currentSearch()));
  const next = new URLSearchParams();
  next.set('currentPage', page);
  for (const name of STICKY_PARAMS) {
    const value = current.get(name);
    if (value !== null) next.set(name, value);
  }
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  return canonicalizeSearch(next.toString());
}

/** Opens a page (a new history entry unless `replace`). */
export function goToPage(
  page: string,
  params: Record<string, string | number | null | undefined> = {},
  options: { replace?: boolean } = {},
): void {
  navigateToSearch(searchForPage(page, params), options);
}

/** The href of a page, for links that can also be opened in a new tab. */
export function pageHref(page: string, params: Record<string, string | number | null | undefined> = {}): string {
  return `${window.location.pathname}?${searchForPage(page, params)}`;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onPopState = () => {
    canonicalizeLocation();
    listener();
  };
  window.addEventListener('popstate', onPopState);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', onPopState);
  };
}

/** The current query string; re-renders on navigation and on back/forward. */
export function useLocationSearch(): string {
  return useSyncExternalStore(subscribe, currentSearch, () => '');
}

/** One query parameter of the current URL (any parameter, e.g. `token` or `email`). */
export function useQueryParam(name: string): string | null {
  const search = useLocationSearch();
  return new URLSearchParams(search).get(name);
}
