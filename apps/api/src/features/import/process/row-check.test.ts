import { describe, expect, it } from 'vitest';
import { importErrorsOf, importStatusesOf, importWarningsOf } from '@riskatlas/domain';
import { loadGazetteer } from '@riskatlas/geo';
import type { Caller } from '../../../access/caller';
import { checkQueueRows, fieldsOfCells, SiteIndex, type QueueRowToCheck } from '../index';

const gazetteer = loadGazetteer();
/** The embedded geocoder stands in for nothing here: every row below is placed by coordinates or refused before geocoding. */
const geocode = () => Promise.reject(new Error('not geocoded in this test'));
const caller = (legacy: boolean) => ({ account: { createSitesInLegacyMode: legacy } }) as unknown as Caller;

const MAPPING = ['siteName', 'street', 'city', 'state', 'zipCode', 'countryCode', 'latitude', 'longitude', 'externalId'].map((field, columnIndex) => ({ columnIndex, field: field as 'siteName' }));
const toCheck = (rowNumber: number, cells: string[], geocoderFlags = 384 | 64): QueueRowToCheck => ({ rowNumber, fields: fieldsOfCells(cells, MAPPING), geocoderFlags, updateFlags: 0 });

const sites = new SiteIndex([
  { siteId: 7, siteName: 'Harbor Store', street: '1 Pier Rd', city: 'Chicago', state: 'IL', zipCode: '60611', countryId: 1, latitude: 41.8789, longitude: -87.6359, externalId: 'H-1', hasReports: false },
  { siteId: 8, siteName: 'Mexico Store', street: '', city: 'Ciudad de México', state: 'CDMX', zipCode: '06700', countryId: 5, latitude: 19.41, longitude: -99.16, externalId: '', hasReports: true },
]);

describe('checkQueueRows (one row checked again, without the rest of its file)', () => {
  it('matches by external id before name, flags a match in another country, and trims cells', async () => {
    const [byId, wrongCountry] = await checkQueueRows({ gazetteer, geocode, sites }, caller(false), [
      toCheck(1, ['  Renamed Harbor ', '', 'Chicago', 'IL', '60611', 'USA', '41.8789', '-87.6359', 'H-1']),
      toCheck(2, ['Mexico Store', '', 'Chicago', 'IL', '', 'USA', '41.88', '-87.63', '']),
    ]);
    expect(byId).toMatchObject({ siteId: 7, errorFlags: 0, geocodePrecision: 'MANUAL', matches: [expect.objectContaining({ siteId: 7, matchedBy: 'externalId', distanceMeters: 0 })] });
    expect(byId!.fields.siteName).toBe('Renamed Harbor');
    expect(importStatusesOf(byId!.statusFlags)).toEqual(['Processed', 'Ready', 'Attachment', 'Warning']);
    expect(importErrorsOf(wrongCountry!.errorFlags)).toEqual(['MatchIsInWrongCountry']);
    expect(importWarningsOf(wrongCountry!.warningFlags)).toEqual(['SiteAlreadyExists', 'MatchingSiteDoesNotMatchLocation']);
  });

  it('lets legacy accounts reuse names, and keeps coordinates outside the row’s country out', async () => {
    const [legacyName, outside] = await checkQueueRows({ gazetteer, geocode, sites }, caller(true), [
      toCheck(1, ['Harbor Store', '', 'Toronto', 'ON', '', 'CAN', '43.65', '-79.38', ''], 256 | 64),
      toCheck(2, ['Somewhere', '', '', '', '', 'MEX', '41.88', '-87.63', '']),
    ]);
    expect(legacyName).toMatchObject({ errorFlags: 0, siteId: null, countryId: 2 });
    expect(importErrorsOf(outside!.errorFlags)).toEqual(['GeocodeOutsideCountry']);
  });
});
