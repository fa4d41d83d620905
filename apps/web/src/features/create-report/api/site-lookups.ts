import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZSiteLookupResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST sites/withname or sites/withexternalid: the id of a site that already has the value, 0 when none. */
function siteIdWith(kind: 'withname' | 'withexternalid', value: string, signal?: AbortSignal): Promise<number> {
  return apiFetch(`sites/${kind}`, { method: 'POST', body: value, signal, schema: ZSiteLookupResponse });
}

/** How long typing must pause before the duplicate check asks. */
const CHECK_DELAY_MS = 300;

/**
 * The live duplicate check of a name or external id: the id of the site holding it (0: free or not known yet). Blank
 * values are not asked about; a failed check says nothing (the server checks again on creation).
 */
export function useDuplicateCheck(kind: 'withname' | 'withexternalid', value: string) {
  // Asked once typing pauses, not at every keystroke.
  const [text, setText] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setText(value.trim()), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const query = useQuery({
    queryKey: ['sites', kind, text.toLowerCase()],
    queryFn: ({ signal }) => siteIdWith(kind, text, signal),
    enabled: text.length > 0,
    staleTime: 5_000,
    retry: false,
  });
  // An answer counts only for the text it was asked about, not for what has been typed since.
  return text === value.trim() ? (query.data ?? 0) : 0;
}
