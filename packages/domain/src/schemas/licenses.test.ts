import { describe, expect, it } from 'vitest';
import { ALL_PRODUCT_IDS } from '../ids';
import { PRODUCT_NAMES, insufficientLicensesMessage, productName } from './licenses';

describe('licence product names and shortfall message', () => {
  it('names every product id once', () => {
    expect(Object.keys(PRODUCT_NAMES).map(Number).sort((a, b) => a - b)).toEqual([...ALL_PRODUCT_IDS].sort((a, b) => a - b));
    expect(new Set(Object.values(PRODUCT_NAMES)).size).toBe(ALL_PRODUCT_IDS.length);
    expect(productName(150)).toBe('Backdate fee');
    expect(productName(999)).toBe('product 999');
  });

  it('states the product, what is needed, what remains and the shortfall', () => {
    expect(insufficientLicensesMessage(0, 3, 1)).toBe('Not enough Basic licences: 3 needed, 1 remaining (short by 2).');
    expect(insufficientLicensesMessage(200, 2, 0)).toBe('Not enough Upgrade Basic to Premium licences: 2 needed, 0 remaining (short by 2).');
  });
});
