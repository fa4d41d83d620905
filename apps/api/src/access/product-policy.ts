import { ALL_PRODUCT_IDS, isReportAddOnProduct } from '@riskatlas/domain';
import { isProvider, isReadOnly, type Caller } from './caller';

/**
 * Per product id what the caller may do: 0 no, 1 use, 3 use and buy. Stored values win; ids not
 * stored mean 1. An add-on the account does not make available to end users is 0 for them
 * (provider staff and impersonators keep their rights). Read-only callers get 0 throughout.
 */
export function effectiveAllowProduct(auth: Caller): Record<string, number> {
  const readOnly = isReadOnly(auth);
  const endUser = !isProvider(auth);
  const result: Record<string, number> = {};
  for (const id of ALL_PRODUCT_IDS) {
    const stored = auth.user.allowProduct[String(id)];
    const offered = !endUser || !isReportAddOnProduct(id) || auth.account.endUserAddOnProducts.includes(id);
    result[String(id)] = readOnly || !offered ? 0 : typeof stored === 'number' ? stored : 1;
  }
  return result;
}

/** Whether the caller may use a product (allowProduct ≠ 0; read-only callers may use none). */
export function productAllowedFor(auth: Caller): (productId: number) => boolean {
  const allowed = effectiveAllowProduct(auth);
  return (productId) => (allowed[String(productId)] ?? 0) !== 0;
}
