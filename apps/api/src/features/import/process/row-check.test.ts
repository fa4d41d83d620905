import { describe, expect, it } from 'vitest';
import { importErrorsOf, importStatusesOf, importWarningsOf } from '@riskatlas/domain';
import { loadGazetteer } from '@riskatlas/geo';
import type { Caller } from '../../../access/caller';
import { ClassificationLookup } from '../classifications';
import { checkQueueRows, fieldsOfCells, SiteIndex, type QueueRowToCheck } from '../index';
import type { ImportAccountFacts } from './account-facts';

const gazetteer = loadGazetteer();
/** The embedded geocoder stands in for nothing here: every row below is placed by coordinates or refused before geocoding. */
const geocode = () => Promise.reject(new Error('not geocoded in this test'));
const caller = (legacy: boolean, licensedCountryIds: number[] | null = null) => ({ account: { createSitesInLegacyMode: legacy, licensedCountryIds } }) as unknown as Caller;
/** The account's classifications 3 'Retail' and 4 'Warehouse'; site 8 has a report of the current release. */
const facts: ImportAccountFacts = {
  classifications: new ClassificationLookup([{ classificationId: 3, name: 'Retail' }, { classificationId: 4, name: 'Warehouse' }]),
  sitesReportedThisRelease: (matched) => Promise.resolve(new Set(matched.filter((site) => site.siteId === 8).map((site) => site.siteId))),
};

const MAPPING = ['siteName', 'street', 'city', 'state', 'zipCode', 'countryCode', 'latitude', 'longitude', 'externalId'].map((field, columnIndex) => ({ columnIndex, field: field as 'siteName' }));
const toCheck = (rowNumber: number, cells: string[], geocoderFlags = 384 | 64, updateFlags = 0): QueueRowToCheck => ({ rowNumber, fields: fieldsOfCells(cells, MAPPING), geocoderFlags, updateFlags });

const sites = new SiteIndex([
  { siteId: 7, siteName: 'Harbor Store', street: '1 Pier Rd', city: 'Chicago', state: 'IL', zipCode: '60611', countryId: 1, latitude: 41.8789, longitude: -87.6359, externalId: 'H-1', hasReports: false },
  { siteId: 9, siteName: 'Loop Office', street: '10 S Dearborn St', city: 'Chicago', state: 'IL', zipCode: '60603', countryId: 1, latitude: 41.8817, longitude: -87.6298, externalId: '', hasReports: true },
  { siteId: 8, siteName: 'Mexico Store', street: '', city: 'Ciudad de México', state: 'CDMX', zipCode: '06700', countryId: 5, latitude: 19.41, longitude: -99.16, externalId: '', hasReports: true },
]);

describe('checkQueueRows (one row checked again, without the rest of its file)', () => {
  it('matches by external id before name, flags a match in another country, and trims cells', async () => {
    const [byId, wrongCountry] = await checkQueueRows({ gazetteer, geocode, sites, facts }, caller(false), [
      toCheck(1, ['  Renamed Harbor ', '', 'Chicago', 'IL', '60611', 'USA', '41.8789', '-87.6359', 'H-1']),
      toCheck(2, ['Mexico Store', '', 'Chicago', 'IL', '', 'USA', '41.88', '-87.63', '']),
    ]);
    expect(byId).toMatchObject({ siteId: 7, errorFlags: 0, geocodePrecision: 'MANUAL', matches: [expect.objectContaining({ siteId: 7, matchedBy: 'externalId', distanceMeters: 0 })] });
    expect(byId!.fields.siteName).toBe('Renamed Harbor');
    expect(importStatusesOf(byId!.statusFlags)).toEqual(['Processed', 'Ready', 'Attachment', 'Warning']);
    // Its name only: a site with this release's report may be renamed without deleting the report.
    expect(importErrorsOf(wrongCountry!.errorFlags)).toEqual(['MatchIsInWrongCountry']);
    expect(importWarningsOf(wrongCountry!.warningFlags)).toEqual(['SiteAlreadyExists', 'MatchingSiteDoesNotMatchLocation']);
  });

  it('lets legacy accounts reuse names, and keeps coordinates outside the row’s country out', async () => {
    const [legacyName, outside] = await checkQueueRows({ gazetteer, geocode, sites, facts }, caller(true), [
      toCheck(1, ['Harbor Store', '', 'Toronto', 'ON', '', 'CAN', '43.65', '-79.38', ''], 256 | 64),
      toCheck(2, ['Somewhere', '', '', '', '', 'MEX', '41.88', '-87.63', '']),
    ]);
    expect(legacyName).toMatchObject({ errorFlags: 0, siteId: null, countryId: 2 });
    expect(importErrorsOf(outside!.errorFlags)).toEqual(['GeocodeOutsideCountry']);
  });

  it('refuses countries the account is not licensed for, and warns of classifications the account does not have', async () => {
    const [unlicensed, licensed] = await checkQueueRows({ gazetteer, geocode, sites, facts }, caller(false, [1, 6]), [
      toCheck(1, ['Toronto Shop', '', 'Toronto', 'ON', '', 'CAN', '43.65', '-79.38', '']),
      toCheck(2, ['Chicago Shop', '', 'Chicago', 'IL', '', 'USA', '41.85', '-87.65', '']),
    ]);
    expect(importErrorsOf(unlicensed!.errorFlags)).toEqual(['CountryNotLicensed']);
    expect(licensed!.errorFlags).toBe(0);

    const classified = (classifications: string) => ({ ...toCheck(3, ['Classified Shop', '', 'Chicago', 'IL', '', 'USA', '41.85', '-87.65', '']), fields: { ...fieldsOfCells(['Classified Shop', '', 'Chicago', 'IL', '', 'USA', '41.85', '-87.65', ''], MAPPING), classifications } });
    const [known, unknown] = await checkQueueRows({ gazetteer, geocode, sites, facts }, caller(false), [classified('retail; 4'), classified('Retail, Garden, 99')]);
    expect(known!.warningFlags).toBe(0);
    expect(importWarningsOf(unknown!.warningFlags)).toEqual(['ClassificationNotFound']);
    expect(unknown!.statusDescription).toContain("Not a classification of the account: 'Garden', '99'.");
    expect(unknown!.statusDescription).toContain('it is left out when the row is imported');
  });

  it('refuses moving a site with a current-release report unless it is deleted (65536), and moving a site with reports far; says what happens to the address', async () => {
    const mexico = ['Mexico Store', '', 'Ciudad de México', 'CDMX', '06700', 'MEX', '19.41', '-99.16', ''];
    const [reported, deleting, renamed] = await checkQueueRows({ gazetteer, geocode, sites, facts }, caller(false), [toCheck(1, mexico, 384 | 64, 1 | 64), toCheck(2, mexico, 384 | 64, 1 | 64 | 65536), toCheck(3, mexico, 384 | 64, 1)]);
    expect(importErrorsOf(reported!.errorFlags)).toEqual(['SiteHasReportInCurrentReleaseYear']);
    expect(renamed!.errorFlags).toBe(0);
    expect(importStatusesOf(deleting!.statusFlags)).toEqual(['Processed', 'Ready', 'Rescore', 'Warning']);

    // Loop Office has reports; the row puts it 30 km away (31 km south).
    const far = ['Loop Office', '10 S Dearborn St', 'Chicago', 'IL', '60603', 'USA', '41.60', '-87.65', ''];
    const near = ['Loop Office', '12 S Dearborn St', 'Chicago', 'IL', '60603', 'USA', '41.8818', '-87.6299', ''];
    const [moved, notMoved, address, addressAndPoint] = await checkQueueRows({ gazetteer, geocode, sites, facts }, caller(false), [
      toCheck(1, far, 128 | 64, 32 | 64),
      toCheck(2, far, 128 | 64, 1),
      toCheck(3, near, 128 | 64, 32),
      toCheck(4, near, 128 | 64, 32 | 64),
    ]);
    expect(importErrorsOf(moved!.errorFlags)).toEqual(['SiteHasMovedTooFar']);
    expect(moved!.statusDescription).toContain('more than 10 km from the matching site');
    expect(importWarningsOf(notMoved!.warningFlags)).toEqual(['SiteAlreadyExists', 'MatchingSiteDoesNotMatchLocation']);
    expect(notMoved!.errorFlags).toBe(0);
    expect(importStatusesOf(address!.statusFlags)).toEqual(['Processed', 'Ready', 'Rescore', 'Warning', 'WillUpdateAddress', 'WillKeepGeocode']);
    expect(address!.statusDescription).toContain('address will be replaced');
    expect(address!.statusDescription).toContain('keeps its map location');
    expect(importStatusesOf(addressAndPoint!.statusFlags)).toEqual(['Processed', 'Ready', 'Rescore', 'Warning', 'WillUpdateAddress']);
  });
});
