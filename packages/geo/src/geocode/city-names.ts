import type { CountryId } from '@riskatlas/domain';
import { normalizePlaceName } from '../gazetteer/normalize';

/*
 * City names as customers write them → the keys the gazetteer indexes (normalizePlaceName:
 * 'St. Louis' and 'Saint Louis' are one key). Mexican city fields carry colonia and municipio
 * words, and Mexico City has many names of its own.
 */

/** Names of Mexico City (the city and the state are one: INEGI '09'). */
const MEXICO_CITY = new Set([
  'cdmx', 'cd mx', 'cd de mexico', 'cd mexico', 'ciudad de mexico', 'mexico city', 'mexico df', 'mexico d f',
  'df', 'd f', 'distrito federal', 'ciudad de mexico df', 'mexico distrito federal', 'mexico cdmx', 'ciudad mexico',
]);
const MEXICO_CITY_KEYS: readonly string[] = ['ciudad de mexico', 'mexico city'];

/** Whole-name aliases (match keys) per country. */
const ALIASES: Partial<Record<CountryId, Record<string, string[]>>> = {
  1: { nyc: ['new york'], 'new york city': ['new york'], 'washington dc': ['washington'], 'la': ['los angeles'] },
  3: { 'city of london': ['london'], 'city of westminster': ['westminster', 'london'] },
};

/** Words Mexican city fields carry before the name: colonia, delegación, alcaldía, municipio. */
const MX_PREFIX = /^(?:col|colonia|fracc|fraccionamiento|del|delegacion|alc|alcaldia|mpio|municipio|mun)(?: de)? /;
/** 'City of Chicago', 'Town of Cary', 'Village of Skokie', 'Borough of …'. */
const US_PREFIX = /^(?:city|town|village|borough|township|municipality) of /;

/** 'Cd. Juárez' → 'Ciudad Juárez'. */
const MX_CIUDAD = /^cd /;

function push(key: string, out: string[]): void {
  if (key && !out.includes(key)) out.push(key);
}

/** True when the city field names Mexico City. */
export function isMexicoCity(cityKey: string): boolean {
  return MEXICO_CITY.has(cityKey);
}

/**
 * The keys to look a city up by, most literal first: the whole field, its spelling variants, and
 * for comma-separated fields ('Roma Norte, Cuauhtémoc') each part. Empty when the field has no name.
 */
export function cityKeys(countryId: CountryId, city: string): string[] {
  const out: string[] = [];
  const parts = [city, ...(city.includes(',') ? city.split(',') : [])];
  for (const part of parts) {
    let key = normalizePlaceName(part);
    if (!key || /^\d+$/.test(key)) continue;
    if (countryId === 5) {
      if (MEXICO_CITY.has(key)) {
        for (const k of MEXICO_CITY_KEYS) push(k, out);
        // 'México, D.F.' as a whole is Mexico City: its parts say nothing more.
        if (part === city) return out;
        continue;
      }
      key = key.replace(MX_PREFIX, '').replace(MX_CIUDAD, 'ciudad ');
    } else {
      key = key.replace(US_PREFIX, '');
    }
    push(key, out);
    for (const alias of ALIASES[countryId]?.[key] ?? []) push(alias, out);
  }
  return out;
}
