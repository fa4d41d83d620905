import { BACKDATE_COUNTRY_IDS, backdateEligibility, COUNTRY_IDS, ProductId, productName, productNotAllowedMessage, releaseYearList, type TBackdateChart } from '@riskatlas/domain';
import { isProvider, type Caller } from '../../access/caller';
import { productAllowedFor } from '../../access/product-policy';

/**
 * GET account/backdatechart: the earlier releases the caller may create a single report for, per
 * country, and the fee. Provider staff and impersonators: every country's earlier releases in the
 * 11-year list, no fee. End users: only when the account allows backdating and the user may buy
 * the backdate fee, in the countries the rule allows (the United States and Canada), one fee
 * licence per report; otherwise not allowed, with the rule's words.
 */
export function backdateChartFor(auth: Caller): TBackdateChart {
  const provider = isProvider(auth);
  const refusal = backdateEligibility({ accountAllowsBackdating: auth.account.allowBackdating, quantity: 1, countryId: BACKDATE_COUNTRY_IDS[0]!, isProvider: provider });
  if (!refusal.allowed) return { allowed: false, message: refusal.message, entries: [] };
  if (!provider && !productAllowedFor(auth)(ProductId.BackdateFee)) return { allowed: false, message: productNotAllowedMessage(productName(ProductId.BackdateFee)), entries: [] };
  const countries = provider ? COUNTRY_IDS : BACKDATE_COUNTRY_IDS;
  return {
    allowed: true,
    message: null,
    entries: countries.flatMap((countryId) =>
      // The list's first year is the current release: the others are the backdated ones.
      releaseYearList(countryId)
        .slice(1)
        .map((releaseYear) => ({ countryId, releaseYear, feeProductId: provider ? null : ProductId.BackdateFee, feeLicenses: provider ? 0 : 1 })),
    ),
  };
}
