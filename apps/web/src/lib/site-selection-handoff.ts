/**
 * Hands a set of picked sites from one page to another (Select Multiple Sites → the page it
 * returns to). Pages keep their selection in their own state, so the picked ids wait here,
 * addressed to the receiving page, until that page takes them, once. A newer hand-over replaces
 * an older one nobody took.
 */
let pending: { page: string; siteIds: readonly number[] } | null = null;

/** Leaves site ids for `page` to take as its selection. */
export function handOverSiteSelection(page: string, siteIds: readonly number[]): void {
  pending = { page, siteIds: [...siteIds] };
}

/** The site ids left for `page`, or null, without taking them (safe to read while rendering). */
export function peekSiteSelection(page: string): readonly number[] | null {
  return pending?.page === page ? pending.siteIds : null;
}

/** The site ids left for `page`, or null; taking them clears them. */
export function takeSiteSelection(page: string): readonly number[] | null {
  const taken = peekSiteSelection(page);
  if (taken) pending = null;
  return taken;
}
