import { ALL_PRODUCT_IDS } from '@riskatlas/domain';
import type { UserRow } from '../db/schema/index';
import { isReadOnly, type Caller } from './caller';

/**
 * Per product id what the user may do: 0 no, 1 use, 3 use and buy. Stored values win; ids not
 * stored mean 1. Read-only users (and everyone in a read-only account but staff) get 0 throughout.
 */
export function effectiveAllowProduct(user: UserRow, readOnly: boolean): Record<string, number> {
  const result: Record<string, number> = {};
  for (const id of ALL_PRODUCT_IDS) {
    const stored = user.allowProduct[String(id)];
    result[String(id)] = readOnly ? 0 : typeof stored === 'number' ? stored : 1;
  }
  return result;
}

/** Whether the caller may use a product (allowProduct ≠ 0; read-only callers may use none). */
export function productAllowedFor(auth: Caller): (productId: number) => boolean {
  const allowed = effectiveAllowProduct(auth.user, isReadOnly(auth));
  return (productId) => (allowed[String(productId)] ?? 0) !== 0;
}
