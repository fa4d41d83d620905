import { OFFENCE_KEYS, type OffenceKey } from '../../src/pack/format';
import type { CountyCrime } from './county-crime';
import { AGGREGATES, emptyCounts, type OffenceCounts } from './offences';
import type { CountyRateYear } from './county-rates-2015-2017';

/*
 * The 2015 and 2017 county file gives only violent and property rates. The pack's offence rates for
 * those years follow the county's own 2012 offence mix (the nation's where the county had no 2012
 * data), and its property rate leaves out arson in the 2012 proportion, since the pack's property
 * aggregate (burglary, larceny, motor vehicle theft) has no arson.
 */

/** Each offence's share of its aggregate (persons or property), and arson's share of property + arson. */
export interface OffenceMix {
  share: Record<OffenceKey, number>;
  arsonShare: number;
}

const PERSONS_KEYS = AGGREGATES[0]![1];
const PROPERTY_KEYS = AGGREGATES[1]![1];

function mixOf(counts: OffenceCounts, arson: number): OffenceMix | undefined {
  const sum = (keys: readonly OffenceKey[]) => keys.reduce((total, key) => total + (counts[key] ?? Number.NaN), 0);
  const persons = sum(PERSONS_KEYS);
  const property = sum(PROPERTY_KEYS);
  if (!(persons > 0) || !(property > 0)) return undefined;
  const share = Object.fromEntries(OFFENCE_KEYS.map((key) => [key, (counts[key] ?? 0) / (PERSONS_KEYS.includes(key) ? persons : property)])) as Record<OffenceKey, number>;
  return { share, arsonShare: arson / (property + arson) };
}

/** A county's 2012 offence mix, when it has 2012 counts of both aggregates. */
export function countyOffenceMix(county: CountyCrime): OffenceMix | undefined {
  return mixOf(county.counts, county.arson ?? 0);
}

/** The nation's 2012 mix: every county's 2012 counts summed (the fallback for counties without their own). */
export function nationalOffenceMix(counties: readonly CountyCrime[]): OffenceMix {
  const total = emptyCounts();
  for (const key of OFFENCE_KEYS) total[key] = 0;
  let arson = 0;
  for (const county of counties) {
    if (!countyOffenceMix(county)) continue;
    for (const key of OFFENCE_KEYS) total[key] = total[key]! + county.counts[key]!;
    arson += county.arson ?? 0;
  }
  const mix = mixOf(total, arson);
  if (!mix) throw new Error('county 2012 file: no county with both violent and property counts');
  return mix;
}

/** The offence counts of a 2015/2017 county year for a population (aggregates missing stay missing). */
export function countsFromRates(rates: CountyRateYear, population: number, mix: OffenceMix): OffenceCounts {
  const counts = emptyCounts();
  const violent = rates.violent === undefined ? undefined : (rates.violent * population) / 100_000;
  const property = rates.property === undefined ? undefined : ((rates.property * population) / 100_000) * (1 - mix.arsonShare);
  for (const key of OFFENCE_KEYS) {
    const aggregate = PERSONS_KEYS.includes(key) ? violent : property;
    counts[key] = aggregate === undefined ? undefined : aggregate * mix.share[key];
  }
  return counts;
}
