import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { differingScoringFiles } from '../build-scoring-pack';
import { describeWithRawData, rawDataDir } from '../test-raw-data';
import { buildIncidentPack, committedIncidentDir, type IncidentManifest } from './build-incident-pack';
import { chicagoStandardType } from './chicago';
import { sanFranciscoStandardType } from './san-francisco';

describe('second-source classification into the ten standard types', () => {
  it('classifies Chicago by fbi_code, the three extra types included', () => {
    expect(['06', '14', '05', '08B', '07', '04A', '03', '01A', '09', '02', '26'].map(chicagoStandardType)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, undefined]);
  });

  it('classifies San Francisco by Category and Descript', () => {
    expect(sanFranciscoStandardType('LARCENY/THEFT', 'PETTY THEFT FROM LOCKED AUTO')).toBe(0);
    expect(sanFranciscoStandardType('BURGLARY', 'BURGLARY, VEHICLE (ARREST MADE)')).toBe(0);
    expect(sanFranciscoStandardType('VANDALISM', 'MALICIOUS MISCHIEF, VANDALISM')).toBe(1);
    expect(sanFranciscoStandardType('ASSAULT', 'BATTERY')).toBe(3);
    expect(sanFranciscoStandardType('ASSAULT', 'AGGRAVATED ASSAULT WITH A DEADLY WEAPON')).toBe(5);
    expect(sanFranciscoStandardType('ARSON', 'ARSON OF A VEHICLE')).toBe(8);
    expect(sanFranciscoStandardType('WARRANTS', 'WARRANT ARREST')).toBeUndefined();
  });
});

describeWithRawData('the incident pack built from the raw files', () => {
  let outDir: string;
  let manifest: IncidentManifest;
  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), 'riskatlas-incidents-test-'));
    manifest = buildIncidentPack({ sharedDir: rawDataDir, outDir });
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('matches the committed data/incidents byte for byte', () => {
    expect(differingScoringFiles(committedIncidentDir, outDir)).toEqual([]);
  });

  it('keeps every record with coordinates and counts the rest', () => {
    const records = Object.fromEntries(manifest.files.map((file) => [file.name, file.records]));
    expect(records['city-incidents.tsv']).toBe(982 + 8964);
    expect(records['uk-street.tsv']).toBe(5925 - 545 + 115_065 - 218);
    expect(manifest.notes['rowsWithoutCoordinates.chicago-2025-05']).toBe(18);
    expect(manifest.notes['rowsWithoutCoordinates.city-of-london-2020']).toBe(545);
    expect(manifest.inputs.map((input) => input.path)).toContain('incidents/san_francisco/sf_crime.csv');
    expect(manifest.files.reduce((sum, file) => sum + file.bytes, 0)).toBeLessThan(8_000_000);
    expect(readFileSync(join(outDir, 'manifest.json'), 'utf8')).toContain('Open Government Licence v3.0');
  });
});
