import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_SECTIONS, REPORT_SECTION_BITS } from '../ids';
import { documentMethodologies, hasSection, parseMethodologyList, recipientsProblem, REPORT_SECTIONS, splitRecipients } from './report-documents';

describe('report documents', () => {
  it('names every section bit once, and together they make the default 233223', () => {
    expect(REPORT_SECTIONS.map((section) => section.bit)).toEqual([...REPORT_SECTION_BITS]);
    expect(REPORT_SECTIONS.reduce((sum, section) => sum | section.bit, 0)).toBe(DEFAULT_REPORT_SECTIONS);
    expect(hasSection(DEFAULT_REPORT_SECTIONS, 'mapB')).toBe(true);
    expect(hasSection(2 + 4, 'cover')).toBe(false);
    expect(hasSection(2 + 4, 'scoreTables')).toBe(true);
  });

  it('splits recipients on commas, semicolons and spaces, and names the first that is not an address', () => {
    expect(splitRecipients(' a@x.com,b@y.org; c@z.net  d@w.io ')).toEqual(['a@x.com', 'b@y.org', 'c@z.net', 'd@w.io']);
    expect(recipientsProblem('a@x.com; b@y.org')).toBeUndefined();
    expect(recipientsProblem('a@x.com; bob@localhost, c')).toBe("The e-mail address 'bob@localhost' is invalid. Please correct and resubmit.");
    expect(recipientsProblem(' ;, ')).toBe('Please enter at least one e-mail address.');
  });

  it('reads a methodology list and orders a document\'s methodologies by priority', () => {
    expect(parseMethodologyList('3, 1,3')).toEqual([3, 1]);
    expect(parseMethodologyList('')).toBeUndefined();
    expect(parseMethodologyList('2,9')).toBeNull();
    expect(documentMethodologies([1, 2, 3, 4], undefined)).toEqual([2, 3, 1, 4]);
    expect(documentMethodologies([1, 2, 3, 4], [4, 1])).toEqual([1, 4]);
  });
});
