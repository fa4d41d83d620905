import { useMemo } from 'react';
import { currentReleaseOf, isProviderUser, productName, releaseYearList, type CountryId, type TCurrentUser } from '@riskatlas/domain';
import { useBackdateChart } from '../api/get-backdate-chart';
import type { ReleaseChoice } from '../components/step-report-type';

/**
 * The release years the wizard offers for one report in `countryId`: provider staff and
 * impersonators get a Default choice and every year of the list (no fee); end users get earlier
 * releases only where the backdate chart allows them (one report, the US or Canada, the account
 * allowing it), each with its fee. Batches are always the current release: an empty list.
 */
export function useReleaseChoices(user: TCurrentUser, countryId: CountryId | null, single: boolean) {
  const provider = isProviderUser(user);
  const chart = useBackdateChart(single && !provider && user.account.allowBackdating);
  return useMemo(() => {
    if (!single || countryId === null) return { choices: [] as ReleaseChoice[], feeProductFor: () => null };
    if (provider) {
      const choices: ReleaseChoice[] = [{ value: 0, label: 'Default' }, ...releaseYearList(countryId).map((year) => ({ value: year, label: String(year) }))];
      return { choices, feeProductFor: (): number | null => null };
    }
    const entries = chart.data?.allowed ? chart.data.entries.filter((entry) => entry.countryId === countryId && entry.releaseYear < currentReleaseOf(countryId)) : [];
    if (entries.length === 0) return { choices: [] as ReleaseChoice[], feeProductFor: () => null };
    const choices: ReleaseChoice[] = [
      { value: -1, label: `Current release (${currentReleaseOf(countryId)})` },
      ...entries.map((entry) => ({
        value: entry.releaseYear,
        label: entry.feeProductId === null ? String(entry.releaseYear) : `${entry.releaseYear} — ${productName(entry.feeProductId)}: ${entry.feeLicenses} licence`,
      })),
    ];
    const feeProductFor = (release: number): number | null => entries.find((entry) => entry.releaseYear === release)?.feeProductId ?? null;
    return { choices, feeProductFor };
  }, [single, countryId, provider, chart.data]);
}
