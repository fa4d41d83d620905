import type { Gazetteer } from '@riskatlas/geo';
import { OFFENCE_KEYS } from '../../src/pack/format';
import type { PackRow } from '../types';
import { agencyNameSlug } from './agency-names';
import type { GeoCounty } from './geo-counties';
import { placeAgency } from './place-agency';
import type { Table8Row } from './table8';

/** agencies.tsv and agency-years.tsv rows of the placed Table 8 agencies, and what became of the rest. */
export interface AgencyTables {
  agencies: PackRow[];
  agencyYears: PackRow[];
  /** Agencies (distinct keys) placed in a US county. */
  matched: number;
  /** Agencies no name variant placed, most populous first (state, name, latest population). */
  unmatched: Array<{ state: string; name: string; population: number }>;
  /** Placed, but the point lies in no US county (offshore, or in Canada or Mexico): "Name ST". */
  outsideCounty: string[];
  /**
   * Placed in a county of a neighbouring state ("Delmar DE" in Wicomico County MD): border towns
   * on the generalised county polygons. Their keys are still those of the areas containing the
   * point, as for any site there.
   */
  acrossStateLine: string[];
  /** Rows dropped because another row of the same state, year and key had a larger population. */
  collisions: number;
  /** Rows dropped for a blank or zero population (agencies reporting for part of another's population). */
  withoutPopulation: number;
}

interface AgencyDraft {
  key: string;
  state: string;
  /** Rows by year, at most one per year. */
  years: Map<number, Table8Row>;
}

/** 'US-IL-chicago': state, then the FBI name folded as place names are (format.ts, agencies.tsv). */
export function agencyKey(state: string, fbiName: string): string {
  return `US-${state}-${agencyNameSlug(fbiName)}`;
}

/**
 * Groups Table 8 rows into agencies, places each on the map by the name and population of its
 * latest year, and writes a row per placed agency and per year it reported. An agency's county
 * and state keys are those of the county polygon containing its point, so they agree with what
 * the engine finds for a site there.
 */
export function agencyTables(rows: readonly Table8Row[], gazetteer: Gazetteer, counties: ReadonlyMap<string, GeoCounty>): AgencyTables {
  const drafts = new Map<string, AgencyDraft>();
  let collisions = 0;
  let withoutPopulation = 0;
  for (const row of rows) {
    if (row.population === undefined || row.population <= 0) {
      withoutPopulation++;
      continue;
    }
    const key = agencyKey(row.state, row.name);
    let draft = drafts.get(key);
    if (!draft) drafts.set(key, (draft = { key, state: row.state, years: new Map() }));
    const earlier = draft.years.get(row.year);
    if (earlier) {
      collisions++;
      // The larger population wins; on a tie the name that sorts first, so input order never matters.
      if (earlier.population! > row.population || (earlier.population === row.population && earlier.name <= row.name)) continue;
    }
    draft.years.set(row.year, row);
  }

  const context = {
    gazetteer,
    countyPopulationAt(latitude: number, longitude: number): number | undefined {
      const county = gazetteer.countyAt(latitude, longitude);
      const population = county ? counties.get(county.id)?.population : undefined;
      return population !== undefined && population >= 0 ? population : undefined;
    },
  };
  const result: AgencyTables = { agencies: [], agencyYears: [], matched: 0, unmatched: [], outsideCounty: [], acrossStateLine: [], collisions, withoutPopulation };
  for (const draft of [...drafts.values()].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    const years = [...draft.years.keys()].sort((a, b) => a - b);
    const latest = draft.years.get(years[years.length - 1]!)!;
    const placement = placeAgency(context, draft.state, latest.name, latest.population!);
    if (!placement) {
      result.unmatched.push({ state: draft.state, name: latest.name, population: latest.population! });
      continue;
    }
    const county = gazetteer.countyAt(placement.latitude, placement.longitude);
    if (!county || county.countryId !== 1) {
      result.outsideCounty.push(`${latest.name} ${draft.state}`);
      continue;
    }
    if (county.admin1Code !== draft.state) result.acrossStateLine.push(`${latest.name} ${draft.state} (${county.name} ${county.admin1Code})`);
    result.matched++;
    const density = gazetteer.populationDensity(placement.latitude, placement.longitude);
    result.agencies.push([
      draft.key,
      1,
      latest.name,
      `US-${county.admin1Code}`,
      `US-${county.id}`,
      Math.round(placement.latitude * 1e5),
      Math.round(placement.longitude * 1e5),
      density === undefined ? '' : Math.round(density),
    ]);
    for (const year of years) {
      const row = draft.years.get(year)!;
      result.agencyYears.push([draft.key, year, row.population!, ...OFFENCE_KEYS.map((key) => row.counts[key] ?? '')]);
    }
  }
  result.unmatched.sort((a, b) => b.population - a.population || (a.state + a.name < b.state + b.name ? -1 : 1));
  return result;
}
