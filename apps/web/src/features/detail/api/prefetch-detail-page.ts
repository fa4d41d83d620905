import type { QueryClient } from '@tanstack/react-query';
import { readPageState } from '@riskatlas/domain';
import { currentSearch } from '../../../lib/navigation';
import { siteFullQueryOptions } from '../../sites';
import { siteReportsQueryOptions } from '../../../lib/api/site-reports';

/**
 * Starts loading the site and its reports as soon as the user is known, in parallel with the
 * page's code, so the score table shows sooner.
 */
export function prefetchDetailPage(queryClient: QueryClient): void {
  const { siteId } = readPageState(currentSearch());
  if (siteId === undefined) return;
  void queryClient.prefetchQuery(siteFullQueryOptions(siteId));
  void queryClient.prefetchQuery(siteReportsQueryOptions(siteId));
}
