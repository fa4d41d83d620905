import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AGENCIES_COLUMNS,
  AGENCY_YEARS_COLUMNS,
  AREAS_COLUMNS,
  AREA_RATES_COLUMNS,
  GB_LOCAL_AUTHORITIES_COLUMNS,
  GB_OUTCODES_COLUMNS,
  INCIDENT_CELLS_COLUMNS,
  PROJECTION_COLUMNS,
  LOCAL_SPREADS_COLUMNS,
  SETTLEMENTS_COLUMNS,
  INCIDENT_SETS_COLUMNS,
  PREDICTORS_COLUMNS,
  SCORING_FILES,
  fixed,
  tsvFile,
} from './format';
import { locateScoringDir } from './locate-scoring';
import { readScoringTables } from './read-tables';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Row = ReadonlyArray<string | number>;

/** Writes a small pack (every table, most empty) into a fresh temporary directory. */
function writePack(rows: Partial<Record<keyof typeof SCORING_FILES, Row[]>>, edit: (name: string, text: string) => string = (_, text) => text): string {
  const dir = mkdtempSync(join(tmpdir(), 'scoring-tables-'));
  dirs.push(dir);
  const columns: Record<Exclude<keyof typeof SCORING_FILES, 'manifest' | 'combination'>, readonly string[]> = {
    areas: AREAS_COLUMNS,
    areaRates: AREA_RATES_COLUMNS,
    agencies: AGENCIES_COLUMNS,
    agencyYears: AGENCY_YEARS_COLUMNS,
    predictors: PREDICTORS_COLUMNS,
    gbLocalAuthorities: GB_LOCAL_AUTHORITIES_COLUMNS,
    gbOutcodes: GB_OUTCODES_COLUMNS,
    incidentSets: INCIDENT_SETS_COLUMNS,
    incidentCells: INCIDENT_CELLS_COLUMNS,
    projection: PROJECTION_COLUMNS,
    localSpreads: LOCAL_SPREADS_COLUMNS,
    settlements: SETTLEMENTS_COLUMNS,
  };
  for (const [table, header] of Object.entries(columns) as Array<[keyof typeof columns, readonly string[]]>) {
    const name = SCORING_FILES[table];
    writeFileSync(join(dir, name), edit(name, tsvFile(header, rows[table] ?? [])));
  }
  writeFileSync(join(dir, SCORING_FILES.manifest), '{"formatVersion":1}\n');
  return dir;
}

describe('reading the scoring tables', () => {
  it('round-trips areas: centres in 1e-5 degrees, empty fields as undefined', () => {
    const dir = writePack({
      areas: [
        ['CA', 2, 'N', 'Canada', '', '', '', '', ''],
        ['CA-CMA-35535', 2, 'C', 'Toronto', 'CA-ON', 4365320, -7938320, 40, 6_200_000],
      ],
    });
    const { areas } = readScoringTables(dir);
    expect(areas[0]).toEqual({ areaKey: 'CA', countryId: 2, level: 'N', name: 'Canada', parentKey: undefined, latitude: undefined, longitude: undefined, radiusKm: undefined, population: undefined });
    expect(areas[1]!.parentKey).toBe('CA-ON');
    expect(areas[1]!.latitude).toBeCloseTo(43.6532, 9);
    expect(areas[1]!.longitude).toBeCloseTo(-79.3832, 9);
    expect(areas[1]!.radiusKm).toBe(40);
    expect(areas[1]!.population).toBe(6_200_000);
  });

  it('round-trips rates with their coverage letters, a missing rate as NaN', () => {
    const rates = [12.5, '', 3, 4, 5, 6, 7, 8, 9, 10].map((value) => (typeof value === 'number' ? fixed(value, 3) : value));
    const dir = writePack({ areaRates: [['US-IL', 2019, ...rates, 'r-rrrrrrri']] });
    const [row] = readScoringTables(dir).areaRates;
    expect(row!.areaKey).toBe('US-IL');
    expect(row!.year).toBe(2019);
    expect(row!.rates[0]).toBe(12.5);
    expect(row!.rates[1]).toBeNaN();
    expect(row!.rates[9]).toBe(10);
    expect(row!.coverage).toEqual(['r', '-', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'i']);
  });

  it('round-trips agencies, agency years, predictors, UK lookups and incidents', () => {
    const dir = writePack({
      agencies: [['US-IL-chicago', 1, 'Chicago', 'US-IL', 'US-17031', 4187811, -8762980, '']],
      agencyYears: [['US-IL-chicago', 2019, 2_700_000, 500, '', 9000, 12000, 13000, 60000, 9000]],
      predictors: [['US-17031', 5_200_000, '945.300', '5500.1', 62000, 14.5, 20.1, 7.2, 12.3, 18.9, 40.2]],
      gbLocalAuthorities: [['E07000070', 'Chelmsford', 'GB-PFA-essex', 178_000]],
      gbOutcodes: [['CM1', 'GB-PFA-essex']],
      incidentSets: [['essex-2018', 3, 'Essex', 'GB-PFA-essex', '2018-01-01', '2018-07-31', 212, 64477, 50370, 'data.police.uk']],
      incidentCells: [['essex-2018', 20694, 189, 0, 1, 2, 3, 4, 5, 6, 7]],
    });
    const tables = readScoringTables(dir);
    expect(tables.agencies[0]).toMatchObject({ agencyKey: 'US-IL-chicago', countryId: 1, stateKey: 'US-IL', countyKey: 'US-17031', density: undefined });
    expect(tables.agencies[0]!.latitude).toBeCloseTo(41.87811, 9);
    expect(tables.agencyYears[0]!.population).toBe(2_700_000);
    expect(tables.agencyYears[0]!.counts[1]).toBeNaN();
    expect([...tables.agencyYears[0]!.counts].filter(Number.isFinite)).toEqual([500, 9000, 12000, 13000, 60000, 9000]);
    expect(tables.predictors[0]).toMatchObject({ countyKey: 'US-17031', landSqMi: 945.3, density: 5500.1, income: 62000, transit: 12.3, professional: 40.2 });
    expect(tables.localAuthorities[0]).toEqual({ laCode: 'E07000070', name: 'Chelmsford', pfaKey: 'GB-PFA-essex', population: 178_000 });
    expect(tables.outcodes[0]).toEqual({ outcode: 'CM1', pfaKey: 'GB-PFA-essex' });
    expect(tables.incidentSets[0]).toMatchObject({ setKey: 'essex-2018', countryId: 3, refKey: 'GB-PFA-essex', days: 212, incidents: 64477, other: 50370 });
    expect(tables.incidentCells[0]).toMatchObject({ setKey: 'essex-2018', row: 20694, col: 189, other: 7 });
    expect([...tables.incidentCells[0]!.counts]).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('skips the header and blank lines, and reads a header-only table as empty', () => {
    const dir = writePack({ gbOutcodes: [['CM1', 'GB-PFA-essex'], ['CM2', 'GB-PFA-essex']] }, (name, text) => (name === SCORING_FILES.gbOutcodes ? text.replace('\nCM2', '\n\nCM2') + '\n' : text));
    const tables = readScoringTables(dir);
    expect(tables.outcodes.map((row) => row.outcode)).toEqual(['CM1', 'CM2']);
    expect(tables.areas).toEqual([]);
    expect(tables.incidentCells).toEqual([]);
    // No combination.tsv (the build writes it last): the model falls back to its default.
    expect(tables.combination).toBeUndefined();
  });

  it('reads the committed pack with as many records as its manifest lists', () => {
    const dir = locateScoringDir();
    const manifest = JSON.parse(readFileSync(join(dir, SCORING_FILES.manifest), 'utf8')) as { files: Array<{ name: string; records: number }> };
    const records = new Map(manifest.files.map((file) => [file.name, file.records]));
    const tables = readScoringTables(dir);
    expect(tables.areas).toHaveLength(records.get(SCORING_FILES.areas)!);
    expect(tables.areaRates).toHaveLength(records.get(SCORING_FILES.areaRates)!);
    expect(tables.agencyYears).toHaveLength(records.get(SCORING_FILES.agencyYears)!);
    expect(tables.incidentCells).toHaveLength(records.get(SCORING_FILES.incidentCells)!);
    expect(tables.combination).toHaveLength(records.get(SCORING_FILES.combination)!);
    // Every coverage string is ten letters of r, i or -.
    expect(tables.areaRates.every((row) => row.coverage.length === 10 && row.coverage.every((letter) => 'ri-'.includes(letter)))).toBe(true);
  });
});

describe('locating the scoring pack', () => {
  it('accepts a directory holding a manifest and names the one it rejects', () => {
    const dir = writePack({});
    expect(locateScoringDir(dir)).toBe(dir);
    const empty = mkdtempSync(join(tmpdir(), 'scoring-empty-'));
    dirs.push(empty);
    expect(() => locateScoringDir(empty)).toThrow(empty);
  });
});
