import { normalizePlaceName } from '@riskatlas/geo';
import { areaSlug } from '../../src/pack/format';

/*
 * FBI Table 8 agency names → the place names the gazetteer may know them by. Table 8 names the
 * reporting jurisdiction: "Abington Township, Montgomery County", "Town of East Troy",
 * "Cornwall-on-Hudson Village", "American Fork/Cedar Hills", "Evans City-Seven Fields Regional".
 * A few general rules (not per-city fixes) turn these into candidate names, most specific first;
 * St./Saint, Mt./Mount, Ft./Fort, accents and punctuation are folded by normalizePlaceName.
 */

/** Words naming the kind of jurisdiction, dropped from the end of a name ("Lisle Village" → "Lisle"). */
const TRAILING_KINDS = /\s+(?:charter\s+township|township|twp\.?|village|town|city|borough|boro|police\s+department|department|regional|metropolitan|metro|public\s+safety)$/i;

/** The same words in front: "Town of Madison", "Village of Pinecrest", "Metropolitan Nashville Police Department". */
const LEADING_KINDS = /^(?:(?:town|village|city|borough|township)\s+of\s+|metropolitan\s+|metro\s+)/i;

/**
 * Name particles written joined or apart ("De Kalb" / "DeKalb", "DeWitt" / "De Witt",
 * "La Porte" / "LaPorte"): the other spelling is tried too.
 */
const PARTICLES = ['De', 'Du', 'La', 'Le', 'Mc', 'Van', 'Des'];
const PARTICLE_APART = new RegExp(`\\b(${PARTICLES.join('|')}) (\\p{Lu})`, 'gu');
const PARTICLE_JOINED = new RegExp(`\\b(${PARTICLES.join('|')})(\\p{Lu}\\p{Ll})`, 'gu');

/** A county qualifier the FBI adds to tell apart same-named townships: "Adams Township, Butler County". */
const COUNTY_QUALIFIER = /^(.+?),\s*(.+?\s+county)$/i;

/** Candidate names for one FBI agency name, and the county it names, if any. */
export interface AgencyNameVariants {
  /** Place names to look up, in order of preference; never empty. */
  names: string[];
  /** "Butler County" from "Adams Township, Butler County"; undefined when the name has none. */
  county: string | undefined;
}

/** The name, then the name without each trailing kind word in turn: "Garden City Village" → "Garden City" → "Garden". */
function trailingKindSteps(name: string): string[] {
  const steps = [name.trim()];
  for (;;) {
    const next = steps[steps.length - 1]!.replace(TRAILING_KINDS, '').trim();
    if (next === steps[steps.length - 1] || next === '') return steps;
    steps.push(next);
  }
}

/**
 * The names to try for an FBI agency name, most specific first: the name itself; without a
 * leading "Town of"; without trailing kind words; then each part of a combined jurisdiction
 * ("Dawson/Boyd", "Lakewood-Busti", "Town and Country" is tried whole first), each also without
 * kind words. A hyphenated whole name ("Winston-Salem", "Wilkes-Barre Township") comes before its parts.
 */
export function agencyNameVariants(fbiName: string): AgencyNameVariants {
  const qualified = COUNTY_QUALIFIER.exec(fbiName.trim());
  const base = (qualified ? qualified[1]! : fbiName).trim();
  const county = qualified ? qualified[2]!.replace(/\s+/g, ' ') : undefined;
  const names: string[] = [];
  const add = (name: string) => {
    const trimmed = name.trim();
    if (trimmed !== '' && normalizePlaceName(trimmed) !== '' && !names.some((known) => normalizePlaceName(known) === normalizePlaceName(trimmed))) names.push(trimmed);
  };
  const withKinds = (name: string) => {
    for (const step of trailingKindSteps(name.replace(LEADING_KINDS, ''))) {
      add(step);
      add(step.replace(PARTICLE_APART, '$1$2'));
      add(step.replace(PARTICLE_JOINED, '$1 $2'));
    }
  };
  add(base);
  withKinds(base);
  // GeoNames calls some cities by their full legal name: "West Valley City", "Heber City".
  for (const step of trailingKindSteps(base.replace(LEADING_KINDS, ''))) if (!/\bcity$/i.test(step)) add(`${step} City`);
  // Combined jurisdictions: "/" always separates; " and " and "-" only when the whole found nothing,
  // which the caller decides by trying names in order.
  for (const separator of [/\s*\/\s*/, /\s+and\s+/i, /\s*-\s*/]) {
    const parts = base.split(separator);
    // Connectors and fragments ("Cornwall-on-Hudson", "Ho-Ho-Kus") are no place of their own.
    if (parts.length > 1) for (const part of parts) if (/^\p{Lu}/u.test(part) && part.length >= 3) withKinds(part);
  }
  return { names, county };
}

/**
 * The name part of an agency key: the FBI name (footnotes already stripped) folded as place names
 * are, so that "St. Louis" and "Saint Louis" in two years are one agency: 'saint-louis'.
 */
export function agencyNameSlug(fbiName: string): string {
  return areaSlug(normalizePlaceName(fbiName));
}
