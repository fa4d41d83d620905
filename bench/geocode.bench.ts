// Forward geocoding throughput: postal-code-level geocoding of realistic addresses built
// from the data pack, on one core (this process's main thread), and the city + state fallback.
import type { AddressInput, CountryIso3 } from '../packages/geo/src/geocode/types';
import { geocodeAddress } from '../packages/geo/src/geocode/geocode-address';
import { regionByCode } from '../packages/geo/src/geocode/regions';
import { loadGazetteer } from '../packages/geo/src/gazetteer/load-gazetteer';
import type { Gazetteer } from '../packages/geo/src/gazetteer/types';
import { locatePackDir } from '../packages/geo/src/pack/locate';
import { readPostal } from '../packages/geo/src/pack/read-pack';
import type { BenchResult } from './lib';

/** A small deterministic PRNG (mulberry32): the same addresses on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const US_STREETS = ['Main St', 'N Oak Ave', 'W Washington Blvd', 'Elm Street', 'S Wacker Dr', 'Park Avenue', 'Maple Rd', 'E 3rd St', 'Highland Pkwy', 'Lincoln Hwy'];
const CA_STREETS = ['King St W', 'Rue Sainte-Catherine O', 'Main Street', 'Yonge St', 'Jasper Ave NW'];
const GB_STREETS = ['High Street', 'Station Road', 'Church Lane', 'London Road', 'Victoria Street'];
const MX_STREETS = ['Av. Insurgentes Sur', 'Calle Hidalgo', 'Paseo de la Reforma', 'Av. Juárez', 'Calle Morelos'];
const PR_URBANIZATIONS = ['URB LAS LOMAS', 'URB VILLA CAROLINA', 'URB EL VEDADO', 'COND PARQUE CENTRO', ''];
const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

interface BenchAddress {
  address: AddressInput;
  countryCode: CountryIso3;
}

/** One address per postal area of the pack, written the way customer files write them. */
function buildAddresses(): BenchAddress[] {
  const next = random(20240603);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const digit = () => String(Math.floor(next() * 10));
  const letter = () => pick(LETTERS.split(''));
  const out: BenchAddress[] = [];
  for (const [id, code, , , place, admin1] of readPostal(locatePackDir())) {
    const countryId = Number(id) as 1 | 2 | 3 | 5 | 6;
    const number = String(1 + Math.floor(next() * 9000));
    const region = regionByCode(countryId, admin1!);
    switch (countryId) {
      case 1: {
        const roll = next();
        // Plain ZIP, ZIP+4, nine digits, or a leading zero lost in a spreadsheet.
        const zip = roll < 0.5 ? code! : roll < 0.75 ? `${code}-${digit()}${digit()}${digit()}${digit()}` : roll < 0.85 ? `${code}${digit()}${digit()}${digit()}${digit()}` : code!.replace(/^0/, '');
        out.push({ countryCode: 'USA', address: { street: `${number} ${pick(US_STREETS)}`, city: place!, state: next() < 0.8 ? admin1! : (region?.name ?? admin1!), zipCode: zip, countryCode: next() < 0.7 ? 'USA' : 'US' } });
        break;
      }
      case 6:
        out.push({ countryCode: 'PRI', address: { street: `${number} Calle ${pick(['Luna', 'Sol', 'Fortaleza'])}`, street2: pick(PR_URBANIZATIONS), city: place!, state: 'PR', zipCode: next() < 0.8 ? code! : code!.replace(/^00/, ''), countryCode: next() < 0.5 ? 'PRI' : 'USA' } });
        break;
      case 2: {
        const full = `${code} ${digit()}${letter()}${digit()}`;
        out.push({ countryCode: 'CAN', address: { street: `${number} ${pick(CA_STREETS)}`, city: place!, state: next() < 0.7 ? admin1! : (region?.name ?? admin1!), zipCode: next() < 0.3 ? full.toLowerCase().replace(' ', '') : full, countryCode: 'CAN' } });
        break;
      }
      case 3:
        out.push({ countryCode: 'GBR', address: { street: `${number} ${pick(GB_STREETS)}`, city: place!, zipCode: `${code} ${digit()}${letter()}${letter()}`, countryCode: next() < 0.5 ? 'GBR' : 'UK' } });
        break;
      case 5:
        out.push({ countryCode: 'MEX', address: { street: `${pick(MX_STREETS)} ${number}`, street2: `Col. ${pick(['Centro', 'Roma Norte', 'Del Valle', 'Juárez'])}`, city: place!, state: region?.name ?? '', zipCode: code!.startsWith('0') && next() < 0.5 ? code!.slice(1) : code!, countryCode: 'MEX' } });
        break;
    }
  }
  // Interleave countries as a mixed portfolio would.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Geocodes every address `passes` times; returns the best pass's addresses per second and the POSTCODE share. */
function measure(gazetteer: Gazetteer, addresses: AddressInput[], passes: number): { perSecond: number; postcodeShare: number; placedShare: number } {
  let best = Infinity;
  let postcode = 0;
  let placed = 0;
  for (let pass = 0; pass < passes; pass++) {
    postcode = 0;
    placed = 0;
    const t0 = performance.now();
    for (const address of addresses) {
      const { candidates } = geocodeAddress(gazetteer, address, { acceptFirstCandidate: true, forceZipLevelPrecision: true });
      const first = candidates[0];
      if (first) {
        placed++;
        if (first.precision === 'POSTCODE') postcode++;
      }
    }
    best = Math.min(best, performance.now() - t0);
  }
  return { perSecond: Math.round(addresses.length / (best / 1000)), postcodeShare: postcode / addresses.length, placedShare: placed / addresses.length };
}

/** Runs the geocoding benchmarks. */
export async function runGeocodeBenchmarks(): Promise<BenchResult[]> {
  const gazetteer = loadGazetteer();
  const bench = buildAddresses();
  const addresses = bench.map((b) => b.address);
  const byCountry = new Map<string, number>();
  for (const b of bench) byCountry.set(b.countryCode, (byCountry.get(b.countryCode) ?? 0) + 1);
  const mix = [...byCountry].map(([code, n]) => `${code} ${n.toLocaleString('en-US')}`).join(', ');

  // Warm-up: the name indexes are built on first use and the JIT settles.
  measure(gazetteer, addresses.slice(0, 5_000), 1);
  const postal = measure(gazetteer, addresses, 5);

  // The fallback path: the same addresses without their postal code (city + state lookups).
  const cityOnly = addresses.slice(0, 20_000).map((a) => ({ ...a, zipCode: '' }));
  const city = measure(gazetteer, cityOnly, 3);

  return [
    {
      name: `Forward geocoding at postal-code level, ${addresses.length.toLocaleString('en-US')} addresses (${mix}; ZIP+4, full CA/UK codes, stripped zeros), one core`,
      value: postal.perSecond,
      unit: 'addresses/s',
      target: '≥ 20,000 addresses/s per core',
    },
    {
      name: 'Share of those addresses placed at POSTCODE precision',
      value: Math.round(postal.postcodeShare * 1000) / 10,
      unit: '%',
    },
    {
      name: 'City + state fallback (same addresses without postal code, 20,000), one core',
      value: city.perSecond,
      unit: 'addresses/s',
      baseline: `${Math.round(city.placedShare * 1000) / 10} % placed`,
    },
  ];
}
