import { describe, expect, it } from 'vitest';
import { PROXIMITY_LAYERS } from '@riskatlas/domain';
import { DEMOGRAPHIC_SECTIONS, readDemographics } from './demographics';
import { hasSharedData, sharedDataDir } from './paths';
import { readPointsOfInterest } from './poi';

const shared = sharedDataDir();
// A fresh clone has no raw data: these tests are skipped there, with one line saying so.
const rawData = hasSharedData(shared);
if (!rawData) console.info(`"context build" skipped: raw data not present in ${shared}`);

describe.skipIf(!rawData)(rawData ? 'context build' : 'context build (skipped: raw data not present)', () => {
  it('reads open hospitals, every Chicago station and one point per CTA station', () => {
    const points = readPointsOfInterest(shared);
    const count = (layerId: number) => points.filter((p) => p.layerId === layerId).length;
    // HIFLD: 7,146 of 7,581 facilities are OPEN; closed ones are left out.
    expect(count(1)).toBe(7146);
    expect(count(2)).toBe(23);
    expect(count(3)).toBe(92);
    // 298 platforms, 143 stations (MAP_ID).
    expect(count(4)).toBe(143);
    expect(new Set(points.map((p) => p.layerId))).toEqual(new Set(PROXIMITY_LAYERS.map((l) => l.proximityLayerID)));
    for (const point of points) {
      expect(point.name).not.toMatch(/\s{2}|\n/);
      expect(point.address).not.toMatch(/\n/);
    }
    // The headquarters' address spans two lines in the source.
    expect(points.find((p) => p.layerId === 2 && p.category === 'Headquarters')).toMatchObject({ address: '3510 S Michigan Ave, Chicago, IL 60653' });
    expect(points.find((p) => p.layerId === 4 && p.name.startsWith('Clark/Lake'))!.category).toBe('Blue, Green, Brown, Purple Express, Pink, Orange Line');
  });

  it('joins the ACS and QuickFacts county files by FIPS, names QuickFacts variables from its dictionary', () => {
    const { variables, rows } = readDemographics(shared);
    expect(rows).toHaveLength(3220);
    const cook = rows.find((r) => r.fips === '17031')!;
    const value = (dataName: string) => cook.values[variables.findIndex((v) => v.dataName === dataName)];
    expect(value('Income')).toBe('59426');
    expect(value('HousingUnits')).toMatch(/^\d+$/);
    // Puerto Rico is not in QuickFacts: its values stay empty, its ACS values do not.
    const adjuntas = rows.find((r) => r.fips === '72001')!;
    expect(adjuntas.values[variables.findIndex((v) => v.dataName === 'HousingUnits')]).toBe('');
    expect(adjuntas.values[variables.findIndex((v) => v.dataName === 'TotalPop')]).not.toBe('');
    expect(variables.find((v) => v.dataName === 'Bachelors')!.displayName).toBe("Bachelor's degree or higher, percent of persons age 25+ (2009-2013)");
    const sectionIds = new Set(DEMOGRAPHIC_SECTIONS.map((s) => s.id));
    expect(variables.every((v) => sectionIds.has(v.sectionId))).toBe(true);
  });
});
