import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_ID, hasControlCharacters, validationIssueMessage, zId, zIdList, zIdParam, zJson, zNumber, zQueryBool, zText, zWholeNumber } from './fields';

/** The message of the first issue, or undefined when the value passes. */
function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('ids fit the database integer columns', () => {
  const siteId = zId('Site id');
  const refused = 'Site id must be a whole number from 1 to 2147483647.';

  it('accepts 1 to 2147483647 and refuses everything else with one sentence', () => {
    expect(siteId.parse(1)).toBe(1);
    expect(siteId.parse(MAX_ID)).toBe(MAX_ID);
    for (const value of [0, -1, 1.5, 2 ** 31, 2 ** 53, Number.MAX_VALUE, '7', null, Number.NaN, Infinity]) {
      expect(firstMessage(siteId, value), String(value)).toBe(refused);
    }
  });

  it('reads path and query text, and can start at 0', () => {
    expect(zIdParam('Site id').parse('42')).toBe(42);
    for (const text of ['2147483648', '9007199254740993', '1e400', 'abc', '', '-3', '1.5']) {
      expect(firstMessage(zIdParam('Site id'), text), text).toBe(refused);
    }
    expect(zIdParam('Site id', { min: 0 }).parse('0')).toBe(0);
    expect(firstMessage(zIdParam('Site id', { min: 0 }), '-1')).toBe('Site id must be a whole number from 0 to 2147483647.');
  });

  it('names one id of a list, and the list by its own label', () => {
    const siteIds = z.object({ siteIds: zIdList('Site id', { min: 1, max: 3 }) });
    const tooBig = siteIds.safeParse({ siteIds: [5, 2 ** 31] });
    expect(tooBig.error?.issues[0]).toMatchObject({ path: ['siteIds', 1], message: refused });
    expect(firstMessage(siteIds, { siteIds: [] })).toBe('Site ids needs at least 1 entry.');
    expect(firstMessage(siteIds, { siteIds: [1, 2, 3, 4] })).toBe('Site ids can hold at most 3 entries.');
    expect(firstMessage(siteIds, { siteIds: 'all' })).toBe('Site ids must be a list.');
    expect(firstMessage(siteIds, {})).toBe('Site ids is required.');
  });
});

describe('text fields refuse control characters', () => {
  const name = zText('Site name', { max: 200 });
  const notes = zText('Notes', { max: 4000, multiline: true });

  it('refuses NUL and every other control character in a single-line field', () => {
    for (const text of ['a\u0000b', 'a\tb', 'a\nb', 'a\rb', '\u001b[31m', 'a\u007fb', 'a\u0085b', 'a\u009fb']) {
      expect(firstMessage(name, text), JSON.stringify(text)).toBe('Site name cannot contain control characters.');
    }
    expect(name.parse('Café 24/7 — “Main” 店')).toBe('Café 24/7 — “Main” 店');
  });

  it('lets tab and line breaks through where text has several lines, and nothing else', () => {
    expect(notes.parse('Line one\r\nLine two\n\tindented')).toBe('Line one\r\nLine two\n\tindented');
    expect(firstMessage(notes, 'a\u0000b')).toBe('Notes cannot contain control characters.');
    expect(firstMessage(notes, 'bell\u0007')).toBe('Notes cannot contain control characters.');
    expect(hasControlCharacters('\u000b', true)).toBe(true);
  });

  it('words length, type and required in plain sentences naming the field', () => {
    expect(firstMessage(name, 'x'.repeat(201))).toBe('Site name can be at most 200 characters.');
    expect(firstMessage(name, 42)).toBe('Site name must be text.');
    expect(firstMessage(z.object({ siteName: name }), {})).toBe('Site name is required.');
    const email = zText('E-mail address', { min: 1, max: 320, trim: true });
    expect(firstMessage(email, '   ')).toBe('E-mail address is required.');
    expect(email.parse('  ana@example.test ')).toBe('ana@example.test');
    expect(firstMessage(zText('Password', { min: 10, max: 20 }), 'short')).toBe('Password must be at least 10 characters.');
  });

  it('answers one fixed sentence for a field the user does not type', () => {
    const token = zText('Reset link', { min: 16, max: 256, message: 'This link is invalid.' });
    expect(firstMessage(token, 'short')).toBe('This link is invalid.');
    expect(firstMessage(token, `${'a'.repeat(20)}\u0000`)).toBe('This link is invalid.');
  });
});

describe('numbers and flags', () => {
  it('states the range of a bounded number', () => {
    expect(firstMessage(zNumber('Latitude', -90, 90), 91)).toBe('Latitude must be a number from -90 to 90.');
    expect(firstMessage(zNumber('Latitude', -90, 90), 'north')).toBe('Latitude must be a number from -90 to 90.');
    expect(firstMessage(zWholeNumber('Release year', -1, 2100), 2020.5)).toBe('Release year must be a whole number from -1 to 2100.');
  });

  it('reads query flags and names the flag when it is neither', () => {
    const flag = zQueryBool('Ignore duplicates');
    expect([flag.parse('TRUE'), flag.parse('0'), flag.parse(''), flag.parse(false)]).toEqual([true, false, true, false]);
    expect(firstMessage(flag, 'maybe')).toBe('Ignore duplicates must be true or false.');
  });
});

describe('free-form JSON', () => {
  const filter = zJson('Filter', { maxDepth: 3 });

  it('keeps nesting and text within bounds', () => {
    expect(filter.parse({ a: [{ b: 'line\none' }] })).toEqual({ a: [{ b: 'line\none' }] });
    expect(firstMessage(filter, [[[[1]]]])).toBe('Filter can be nested at most 3 levels deep.');
    expect(firstMessage(filter, { a: 'x\u0000' })).toBe('Filter cannot contain control characters.');
    expect(firstMessage(filter, { 'key\u0000': 1 })).toBe('Filter cannot contain control characters.');
  });
});

describe('validation messages for issues a schema does not word', () => {
  it('keeps a plain sentence and replaces the validator’s own words with one naming the field', () => {
    expect(validationIssueMessage({ code: 'custom', path: ['siteName'], message: 'Site Name is required.' }, 'The request body', {})).toBe('Site Name is required.');
    const plainZod = z.object({ countryCode: z.string().max(3), radius: z.number() });
    const tooLong = plainZod.safeParse({ countryCode: 'Atlantis', radius: 1 }).error!.issues[0]!;
    expect(tooLong.message).not.toMatch(/\.$/);
    expect(validationIssueMessage(tooLong, 'The request body', {})).toBe('Country code can be at most 3 characters.');
    const missing = plainZod.safeParse({ countryCode: 'USA' }).error!.issues[0]!;
    expect(validationIssueMessage(missing, 'The request body', { countryCode: 'USA' })).toBe('Radius is required.');
    const wrongType = plainZod.safeParse({ countryCode: 'USA', radius: 'far' }).error!.issues[0]!;
    expect(validationIssueMessage(wrongType, 'The request body', { countryCode: 'USA', radius: 'far' })).toBe('Radius must be a number.');
    const whole = plainZod.safeParse([1]).error!.issues[0]!;
    expect(validationIssueMessage(whole, 'The request body', [1])).toBe('The request body must be an object with named fields.');
    const pattern = z.object({ externalID: z.string().regex(/^E-/) }).safeParse({ externalID: 'X' }).error!.issues[0]!;
    expect(validationIssueMessage(pattern, 'The request body', { externalID: 'X' })).toBe('The external id field has an issue. Please correct it and try again.');
    const union = z.union([z.string(), z.number()]).safeParse(true).error!.issues[0]!;
    expect(validationIssueMessage(union, 'The request body', true)).toBe('The request body is not in a form this request takes.');
    const choice = z.object({ mode: z.enum(['add', 'remove']) }).safeParse({ mode: 'swap' }).error!.issues[0]!;
    expect(validationIssueMessage(choice, 'The request body', { mode: 'swap' })).toBe('Mode must be one of: add, remove.');
  });
});
