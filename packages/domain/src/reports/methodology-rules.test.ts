import { describe, expect, it } from 'vitest';
import { ReportType } from '../ids';
import {
  allowedMethodologiesByPriority,
  allowedMethodologyIds,
  chooseMethodologies,
  isMethodologyAllowed,
  methodologyBit,
  methodologyMaskOf,
  minimumMethodologiesFor,
  resolveReportMethodologies,
  selectNoMoreThanMessage,
  validateAccountMethodologies,
  validateReportMethodologies,
  type AccountMethodologySettings,
} from './methodology-rules';

const account = (over: Partial<AccountMethodologySettings> = {}): AccountMethodologySettings => ({
  allowedMethodologies: 15,
  defaultBasicMethodology: 2,
  defaultPremiumMethodology: [2, 3],
  ...over,
});
const endUser = { isProvider: false };
const provider = { isProvider: true };

describe('allowedMethodologies bit mask', () => {
  it('uses bit id − 1', () => {
    expect([1, 2, 3, 4].map(methodologyBit)).toEqual([1, 2, 4, 8]);
    expect(methodologyMaskOf([2, 4, 9])).toBe(10);
    expect(allowedMethodologyIds(10)).toEqual([2, 4]);
    expect(allowedMethodologyIds(15)).toEqual([1, 2, 3, 4]);
    expect(allowedMethodologiesByPriority(15)).toEqual([2, 3, 1, 4]);
    expect(isMethodologyAllowed(10, 3)).toBe(false);
    expect(isMethodologyAllowed(15, 5)).toBe(false);
    expect(isMethodologyAllowed(255, 0)).toBe(false);
  });
});

describe('chooseMethodologies', () => {
  it('uses the account defaults per report type', () => {
    expect(chooseMethodologies(ReportType.Basic, account({ defaultBasicMethodology: 3 }))).toEqual([3]);
    expect(chooseMethodologies(ReportType.Premium, account({ defaultPremiumMethodology: [1, 4] }))).toEqual([1, 4]);
    expect(chooseMethodologies(ReportType.Premium, account({ defaultPremiumMethodology: [3] }))).toEqual([3]);
    expect(chooseMethodologies(ReportType.PremiumPlus, account({ defaultPremiumMethodology: [4, 1] }))).toEqual([4, 1, 2, 3]);
  });

  it('replaces defaults the account no longer allows in priority order 2, 3, 1, 4', () => {
    expect(chooseMethodologies(ReportType.Basic, account({ allowedMethodologies: methodologyMaskOf([1, 3]), defaultBasicMethodology: 2 }))).toEqual([3]);
    expect(chooseMethodologies(ReportType.Premium, account({ allowedMethodologies: methodologyMaskOf([1, 2, 4]), defaultPremiumMethodology: [3, 4] }))).toEqual([4, 2]);
    expect(chooseMethodologies(ReportType.PremiumPlus, account({ allowedMethodologies: methodologyMaskOf([1, 4]) }))).toEqual([1, 4]);
    expect(chooseMethodologies(ReportType.Basic, account({ allowedMethodologies: 0 }))).toEqual([]);
  });
});

describe('validateReportMethodologies', () => {
  it('needs at least one, with the message of the report type', () => {
    expect(validateReportMethodologies([], ReportType.Basic, account(), endUser)).toEqual({ ok: false, field: 'methodologyTypeIds', message: 'You must choose at least 1 methodology.' });
    expect(validateReportMethodologies([], ReportType.Premium, account(), endUser)).toMatchObject({ ok: false, message: 'Please select at least 1 methodology.' });
  });

  it('allows no more than the type carries', () => {
    expect(validateReportMethodologies([2, 3], ReportType.Basic, account(), endUser)).toMatchObject({ ok: false, message: 'Please select no more than 1 methodology.' });
    expect(validateReportMethodologies([1, 2, 3], ReportType.Premium, account(), endUser)).toMatchObject({ ok: false, message: 'Please select no more than 2 methodologies.' });
    expect(validateReportMethodologies([1, 2, 3, 4], ReportType.PremiumPlus, account(), endUser)).toEqual({ ok: true, methodologyTypeIds: [1, 2, 3, 4] });
    expect(selectNoMoreThanMessage(4)).toBe('Please select no more than 4 methodologies.');
  });

  it('needs two premium methodologies when the account default has two, except for provider staff', () => {
    expect(validateReportMethodologies([3], ReportType.Premium, account(), endUser)).toMatchObject({ ok: false, message: 'Please select 2 methodologies.' });
    expect(validateReportMethodologies([3], ReportType.Premium, account(), provider)).toEqual({ ok: true, methodologyTypeIds: [3] });
    expect(validateReportMethodologies([3], ReportType.Premium, account({ defaultPremiumMethodology: [2] }), endUser)).toEqual({ ok: true, methodologyTypeIds: [3] });
    expect(minimumMethodologiesFor(ReportType.PremiumPlus, account(), endUser)).toBe(2);
    expect(minimumMethodologiesFor(ReportType.Basic, account(), endUser)).toBe(1);
  });

  it('counts duplicates once and keeps the order given', () => {
    expect(validateReportMethodologies([3, 3], ReportType.Basic, account(), endUser)).toEqual({ ok: true, methodologyTypeIds: [3] });
    expect(validateReportMethodologies([4, 1, 4], ReportType.Premium, account(), endUser)).toEqual({ ok: true, methodologyTypeIds: [4, 1] });
  });

  it('refuses methodologies the account does not allow, naming them', () => {
    const result = validateReportMethodologies([2, 3], ReportType.Premium, account({ allowedMethodologies: methodologyMaskOf([1, 2]) }), endUser);
    expect(result).toEqual({ ok: false, field: 'methodologyTypeIds', message: 'The Incident density methodology (3) is not available to this account.' });
    expect(validateReportMethodologies([7], ReportType.Basic, account(), endUser)).toMatchObject({ ok: false, message: 'Methodology 7 does not exist. Methodologies are numbered 1 to 4.' });
  });

  it('falls back to the account defaults when none are requested', () => {
    expect(resolveReportMethodologies(undefined, ReportType.Premium, account(), endUser)).toEqual({ ok: true, methodologyTypeIds: [2, 3] });
    expect(resolveReportMethodologies([], ReportType.Basic, account({ defaultBasicMethodology: 4 }), endUser)).toEqual({ ok: true, methodologyTypeIds: [4] });
    expect(resolveReportMethodologies([1], ReportType.Basic, account(), endUser)).toEqual({ ok: true, methodologyTypeIds: [1] });
    expect(resolveReportMethodologies(null, ReportType.Basic, account({ allowedMethodologies: 0 }), endUser)).toMatchObject({ ok: false, message: 'You must choose at least 1 methodology.' });
  });
});

describe('validateAccountMethodologies', () => {
  const input = { allowedMethodologies: 15, defaultBasicMethodology: 2, defaultPremiumMethodology: [2, 3] };
  const customer = { isSupport: false };

  it('accepts one basic and one or two premium methodologies', () => {
    expect(validateAccountMethodologies(input, customer)).toEqual({ ok: true, defaultBasicMethodology: 2, defaultPremiumMethodology: [2, 3] });
    expect(validateAccountMethodologies({ ...input, defaultBasicMethodology: [1], defaultPremiumMethodology: [4] }, customer)).toEqual({ ok: true, defaultBasicMethodology: 1, defaultPremiumMethodology: [4] });
  });

  it('needs exactly one basic methodology', () => {
    const message = { ok: false, field: 'defaultBasicMethodology', message: 'You must choose 1 basic methodology.' };
    expect(validateAccountMethodologies({ ...input, defaultBasicMethodology: null }, customer)).toEqual(message);
    expect(validateAccountMethodologies({ ...input, defaultBasicMethodology: [1, 2] }, customer)).toEqual(message);
    expect(validateAccountMethodologies({ ...input, defaultBasicMethodology: 0 }, customer)).toEqual(message);
  });

  it('needs one or two premium methodologies, up to four for support staff', () => {
    const message = { ok: false, field: 'defaultPremiumMethodology', message: 'You must choose 1 or 2 premium methodologies.' };
    expect(validateAccountMethodologies({ ...input, defaultPremiumMethodology: [] }, customer)).toEqual(message);
    expect(validateAccountMethodologies({ ...input, defaultPremiumMethodology: [1, 2, 3] }, customer)).toEqual(message);
    expect(validateAccountMethodologies({ ...input, defaultPremiumMethodology: [1, 2, 3] }, { isSupport: true })).toMatchObject({ ok: true, defaultPremiumMethodology: [1, 2, 3] });
    expect(validateAccountMethodologies({ ...input, defaultPremiumMethodology: [1, 2, 3, 4, 5] }, { isSupport: true })).toEqual(message);
  });

  it('refuses defaults outside allowedMethodologies', () => {
    expect(validateAccountMethodologies({ ...input, allowedMethodologies: methodologyMaskOf([2]) }, customer)).toMatchObject({ ok: false, field: 'defaultPremiumMethodology' });
    expect(validateAccountMethodologies({ ...input, allowedMethodologies: methodologyMaskOf([3]) }, customer)).toMatchObject({ ok: false, field: 'defaultBasicMethodology' });
  });
});
