/*
 * gb-outcodes.tsv: the police force area of each English and Welsh postcode district (outward
 * code). The engine places a UK point by the postcode district nearest it; the geo pack keeps no
 * local-authority code for most districts, so the force comes from GeoNames' county of the
 * district's localities (COUNTY_FORCES), by majority. The City of London is not a county in
 * GeoNames (its districts read "Greater London"): districts EC2, EC3 and EC4 are taken as the City
 * (they are almost wholly inside it; EC1 is mostly Islington and Camden, so it stays Metropolitan).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackRow } from '../types';
import { COUNTY_FORCES } from './uk-force-map';
import { forceAreaKey, GEONAMES_GB_FILE } from './uk-local-authorities';

const CITY_OF_LONDON_DISTRICT = /^EC[234]/;

/** Rows (outcode, pfaKey) for every district GeoNames places in an English or Welsh county. */
export function buildUkOutcodes(sharedDir: string): PackRow[] {
  const votes = new Map<string, Map<string, number>>();
  for (const line of readFileSync(join(sharedDir, GEONAMES_GB_FILE), 'utf8').split('\n')) {
    const fields = line.split('\t');
    const outcode = fields[1]?.trim().toUpperCase();
    const nation = fields[4];
    const county = fields[5]?.trim() ?? '';
    if (!outcode || (nation !== 'ENG' && nation !== 'WLS')) continue;
    const force = CITY_OF_LONDON_DISTRICT.test(outcode) ? 'City of London' : COUNTY_FORCES[county];
    if (!force) continue;
    const tally = votes.get(outcode) ?? new Map<string, number>();
    tally.set(force, (tally.get(force) ?? 0) + 1);
    votes.set(outcode, tally);
  }
  const rows: PackRow[] = [];
  for (const [outcode, tally] of votes) {
    // Majority force; ties broken by name so the build is deterministic.
    const [force] = [...tally.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    rows.push([outcode, forceAreaKey(force)]);
  }
  return rows;
}
