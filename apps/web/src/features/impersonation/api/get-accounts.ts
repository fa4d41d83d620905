import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZAccountList, type TAccountSummary } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET accounts?q (provider staff): customer accounts whose company name contains q. */
function getAccounts(q: string, signal?: AbortSignal): Promise<TAccountSummary[]> {
  return apiFetch('accounts', { query: { q: q.trim() || undefined }, schema: ZAccountList, signal });
}

const accountsQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['accounts', q.trim().toLowerCase()], queryFn: ({ signal }) => getAccounts(q, signal) });

export function useAccounts(q: string, enabled: boolean) {
  return useQuery({ ...accountsQueryOptions(q), enabled, placeholderData: keepPreviousData });
}
