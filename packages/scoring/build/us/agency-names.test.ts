import { describe, expect, it } from 'vitest';
import { agencyNameSlug, agencyNameVariants } from './agency-names';
import { agencyKey } from './agencies';

describe('agencyNameVariants', () => {
  it('tries the name first, then without kind words', () => {
    expect(agencyNameVariants('Chicago').names[0]).toBe('Chicago');
    expect(agencyNameVariants('Lisle Village').names.slice(0, 2)).toEqual(['Lisle Village', 'Lisle']);
    expect(agencyNameVariants('Edison Township').names).toContain('Edison');
    expect(agencyNameVariants('Town of East Troy').names).toContain('East Troy');
    expect(agencyNameVariants('Metropolitan Nashville Police Department').names).toContain('Nashville');
  });

  it('strips one kind word at a time, so "Garden City Village" finds Garden City before Garden', () => {
    const { names } = agencyNameVariants('Garden City Village');
    expect(names.indexOf('Garden City')).toBeGreaterThan(-1);
    expect(names.indexOf('Garden City')).toBeLessThan(names.indexOf('Garden'));
  });

  it('reads a county qualifier', () => {
    expect(agencyNameVariants('Adams Township, Butler County')).toEqual({ names: expect.arrayContaining(['Adams Township', 'Adams']) as unknown as string[], county: 'Butler County' });
    expect(agencyNameVariants('Chicago').county).toBeUndefined();
  });

  it('tries the parts of combined jurisdictions after the whole, but not connector fragments', () => {
    expect(agencyNameVariants('Dawson/Boyd').names).toEqual(expect.arrayContaining(['Dawson', 'Boyd']));
    const winston = agencyNameVariants('Winston-Salem').names;
    expect(winston[0]).toBe('Winston-Salem');
    const cornwall = agencyNameVariants('Cornwall-on-Hudson Village').names;
    expect(cornwall.slice(0, 2)).toEqual(['Cornwall-on-Hudson Village', 'Cornwall-on-Hudson']);
    expect(cornwall).not.toContain('on');
    expect(agencyNameVariants('Ho-Ho-Kus').names[0]).toBe('Ho-Ho-Kus');
    expect(agencyNameVariants('Ho-Ho-Kus').names).not.toContain('Ho');
  });

  it('tries particles joined and apart, and the "City" form of a name', () => {
    expect(agencyNameVariants('De Kalb').names).toContain('DeKalb');
    expect(agencyNameVariants('DeWitt Town').names).toContain('De Witt');
    expect(agencyNameVariants('West Valley').names).toContain('West Valley City');
  });
});

describe('agency keys', () => {
  it('fold the name as place names are', () => {
    expect(agencyKey('IL', 'Chicago')).toBe('US-IL-chicago');
    expect(agencyKey('CA', 'San Francisco')).toBe('US-CA-san-francisco');
    expect(agencyNameSlug('St. Louis')).toBe(agencyNameSlug('Saint Louis'));
    expect(agencyNameSlug("O'Fallon")).toBe('ofallon');
    expect(agencyKey('PA', 'Abington Township, Montgomery County')).toBe('US-PA-abington-township-montgomery-county');
  });
});
