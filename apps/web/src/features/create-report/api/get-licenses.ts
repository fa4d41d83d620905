import { useQuery } from '@tanstack/react-query';
import { LicenseEntryType, ZLicenseList, type TLicenseCounts } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** GET account/licenses: the licences the account has left per product id. */
async function getRemainingLicences(): Promise<TLicenseCounts> {
  const entries = await apiFetch('account/licenses', { schema: ZLicenseList });
  return entries.find((entry) => entry.type === LicenseEntryType.Remaining)?.licenseCounts ?? {};
}

/** The account's remaining licences, read fresh each time the summary opens. */
export function useRemainingLicences(enabled: boolean) {
  return useQuery({ queryKey: ['account', 'licenses', 'remaining'], queryFn: getRemainingLicences, enabled, staleTime: 0 });
}
