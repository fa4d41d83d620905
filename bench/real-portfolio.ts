// A site portfolio made from real store addresses: the Starbucks store directory in
// ../shared/data/portfolios (test input only, never product data), the stores of the five covered
// countries tiled to any size. Each copy of a store keeps its real street, city, state and
// postcode; names, external ids, tags, notes, dates and scores vary from copy to copy the way an
// imported chain's do, from a seeded generator, so every run builds the same portfolio.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTRIES } from '../packages/domain/src/ids';
import type { PackedSite } from '../packages/domain/src/sites/packed-sites';
import { seededRandom } from '../packages/geo/src/testing/seeded-random';
import { repoRoot } from './lib';

const DIRECTORY = join(repoRoot, '../shared/data/portfolios/starbucks_directory_2017.csv');

/** ISO-2 in the directory → the product's country. */
const COUNTRY_OF = new Map(
  [['US', 'USA'], ['CA', 'CAN'], ['MX', 'MEX'], ['PR', 'PRI'], ['GB', 'GBR']].map(([iso2, iso3]) => [iso2!, COUNTRIES.find((country) => country.iso3 === iso3)!]),
);

const TAGS = [
  'Drive-thru', 'Owned', 'Leased', 'Licensed', 'Company operated', 'Mall', 'Airport', 'Standalone', 'Grocery in-store',
  'University', 'Hospital', 'Office tower', 'Train station', '24h', 'Closed Sundays', 'Flagship', 'Remodel 2022',
  'Remodel 2024', 'Pilot: mobile order', 'High traffic', 'Low traffic', 'Region 1', 'Region 2', 'Region 3', 'Region 4',
  'Region 5', 'Region 6', 'District 14', 'District 22', 'District 31', 'District 47', 'Security review', 'Guard on site',
  'CCTV upgrade', 'Incident 2023', 'Night deposit', 'Franchise', 'Outdoor seating', 'Parking shared', 'Near transit',
];
const NOTE_TEMPLATES: readonly ((n: () => number) => string)[] = [
  (n) => `Lease renews ${2025 + (n() % 6)}; landlord contact on file (ext ${1000 + (n() % 9000)}).`,
  (n) => `Guard on site ${['weekends', 'evenings', 'Fri–Sat nights'][n() % 3]}.`,
  (n) => `Loading dock access after ${8 + (n() % 4)} pm only.`,
  (n) => `Shares parking with ${['a pharmacy', 'a bank branch', 'a grocery store', 'the mall'][n() % 4]}.`,
  (n) => `Alarm code changed ${['January', 'March', 'June', 'September', 'November'][n() % 5]} ${2021 + (n() % 4)}.`,
  (n) => `Manager: ${['A. Patel', 'J. Smith', 'M. García', 'L. Chen', 'R. O’Brien', 'S. Nguyen'][n() % 6]}; district office notified.`,
  (n) => `Two break-ins in ${2019 + (n() % 5)}; window film installed.`,
];
const GEOCODE_TYPES = ['ROOFTOP', 'ROOFTOP', 'ROOFTOP', 'INTERPOLATED', 'POSTAL', 'MANUAL'];

/** One CSV line into its fields (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/**
 * Every row of the store directory as fields, its header first (Brand, Store Number, store_name,
 * Ownership_Type, Street Address, City, State/Province, Country, Postcode, Phone Number, Timezone,
 * Longitude, Latitude); null without ../shared/data.
 */
export function storeDirectory(): string[][] | null {
  if (!existsSync(DIRECTORY)) return null;
  const records: string[][] = [];
  let record = '';
  for (const line of readFileSync(DIRECTORY, 'utf8').split(/\r?\n/)) {
    record = record === '' ? line : `${record}\n${line}`;
    // An odd number of quotes so far: a quoted field goes on over the line break (one store's street does).
    if ((record.match(/"/g)?.length ?? 0) % 2 === 1) continue;
    if (record !== '') records.push(csvFields(record));
    record = '';
  }
  return records;
}

/** The stores of the covered countries, in the directory's order; null without ../shared/data. */
function coveredStores(): string[][] | null {
  return storeDirectory()?.slice(1).filter((fields) => COUNTRY_OF.has(fields[7]!)) ?? null;
}

/** The seeded generator of the tests and benchmarks, answering 32-bit integers. */
function integers(seed: number): () => number {
  const next = seededRandom(seed);
  return () => Math.floor(next() * 2 ** 32);
}

/**
 * `count` sites, ids 1…count, from the real store directory tiled as often as needed; null when
 * ../shared/data is not beside the repository.
 */
export function realPortfolio(count: number, seed = 7): PackedSite[] | null {
  const stores = coveredStores();
  if (!stores || stores.length === 0) return null;
  const n = integers(seed);
  const sites: PackedSite[] = [];
  let batchCreated = Date.UTC(2018, 2, 5, 16, 0, 0) / 1000;
  for (let siteId = 1; siteId <= count; siteId += 1) {
    const copy = Math.floor((siteId - 1) / stores.length);
    const [, storeNumber, storeName, , street, city, state, iso2, postcode, , , longitude, latitude] = stores[(siteId - 1) % stores.length]!;
    const country = COUNTRY_OF.get(iso2!)!;
    if (n() % 500 === 0) batchCreated += 86_400 * (1 + (n() % 30));
    const tagCount = [0, 1, 1, 2, 2, 2, 3][n() % 7]!;
    const tags = new Set<string>();
    // Zipf-like: the first tags of the pool are the common ones.
    while (tags.size < tagCount) tags.add(TAGS[Math.floor(TAGS.length * (n() / 2 ** 32) ** 2)]!);
    const reported = n() % 10 < 7;
    // Copies of a store sit a few hundred metres apart, as a chain's neighbouring branches do.
    const jitter = () => ((n() % 2001) - 1000) / 1e5;
    sites.push({
      siteId,
      siteName: copy === 0 ? storeName! : `${storeName} ${copy + 1}`,
      notes: n() % 4 === 0 ? NOTE_TEMPLATES[n() % NOTE_TEMPLATES.length]!(n) : null,
      tags: [...tags],
      street: street || null,
      street2: null,
      city: city || null,
      state: state || null,
      zipCode: postcode || null,
      countryCode: country.iso3,
      countryDisplay: country.name,
      latitude: Math.round((Number(latitude) + (copy === 0 ? 0 : jitter())) * 1e7) / 1e7,
      longitude: Math.round((Number(longitude) + (copy === 0 ? 0 : jitter())) * 1e7) / 1e7,
      ct: n() % 4,
      created: new Date((batchCreated + (n() % 20 === 0 ? n() % 86_400 : 0)) * 1000).toISOString(),
      lrr: reported ? new Date((batchCreated + 86_400 + (n() % (30 * 86_400))) * 1000).toISOString() : null,
      eid: `${storeNumber}${copy === 0 ? '' : `-${copy + 1}`}`,
      s: reported ? (n() % 3 === 0 ? { '2': n() % 2000, '4': n() % 2000 } : { '2': n() % 2000 }) : {},
      l: reported ? { r: 2024 + (n() % 2), p: n() % 3 === 0 ? 6 : 0, f: 0 } : null,
      i: null,
      classes: [],
      classificationView: null,
      geocodeType: GEOCODE_TYPES[n() % GEOCODE_TYPES.length]!,
    });
  }
  return sites;
}
