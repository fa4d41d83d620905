import type { CountryId } from '@riskatlas/domain';
import { matchKey } from './normalize';

/*
 * States, provinces and nations of the covered countries, by the code the gazetteer uses as
 * admin1Code: US and Canadian postal abbreviations, UK nation codes (ENG, SCT, WLS, NIR) and
 * Mexican INEGI state codes ('09' Ciudad de México). Each lists the spellings customers use.
 */

/** A state, province or nation. */
export interface Region {
  countryId: CountryId;
  /** The gazetteer's admin1Code. */
  code: string;
  /** The name to show. */
  name: string;
  /** What a customer writes in the State field for it ('IL', 'ON'; the name where there is no code). */
  display: string;
}

type RegionRow = [code: string, name: string, ...aliases: string[]];

const US: RegionRow[] = [
  ['AL', 'Alabama', 'Ala'], ['AK', 'Alaska'], ['AZ', 'Arizona', 'Ariz'], ['AR', 'Arkansas', 'Ark'],
  ['CA', 'California', 'Calif', 'Cal'], ['CO', 'Colorado', 'Colo'], ['CT', 'Connecticut', 'Conn'],
  ['DE', 'Delaware', 'Del'], ['DC', 'District of Columbia', 'Washington DC', 'Washington D C', 'Wash DC'],
  ['FL', 'Florida', 'Fla'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois', 'Ill'],
  ['IN', 'Indiana', 'Ind'], ['IA', 'Iowa'], ['KS', 'Kansas', 'Kan', 'Kans'], ['KY', 'Kentucky', 'Ky'],
  ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland', 'Md'], ['MA', 'Massachusetts', 'Mass'],
  ['MI', 'Michigan', 'Mich'], ['MN', 'Minnesota', 'Minn'], ['MS', 'Mississippi', 'Miss'],
  ['MO', 'Missouri'], ['MT', 'Montana', 'Mont'], ['NE', 'Nebraska', 'Neb', 'Nebr'], ['NV', 'Nevada', 'Nev'],
  ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico', 'N Mex'], ['NY', 'New York'],
  ['NC', 'North Carolina', 'N Carolina'], ['ND', 'North Dakota', 'N Dakota', 'N Dak'], ['OH', 'Ohio'],
  ['OK', 'Oklahoma', 'Okla'], ['OR', 'Oregon', 'Ore', 'Oreg'], ['PA', 'Pennsylvania', 'Penn', 'Penna'],
  ['RI', 'Rhode Island'], ['SC', 'South Carolina', 'S Carolina'], ['SD', 'South Dakota', 'S Dakota', 'S Dak'],
  ['TN', 'Tennessee', 'Tenn'], ['TX', 'Texas', 'Tex'], ['UT', 'Utah'], ['VT', 'Vermont'],
  ['VA', 'Virginia'], ['WA', 'Washington', 'Wash'], ['WV', 'West Virginia', 'W Virginia', 'W Va'],
  ['WI', 'Wisconsin', 'Wis', 'Wisc'], ['WY', 'Wyoming', 'Wyo'],
];

const PR: RegionRow[] = [['PR', 'Puerto Rico', 'PRI', 'Commonwealth of Puerto Rico']];

const CA: RegionRow[] = [
  ['AB', 'Alberta', 'Alta'],
  ['BC', 'British Columbia', 'Colombie Britannique', 'C B'],
  ['MB', 'Manitoba', 'Man'],
  ['NB', 'New Brunswick', 'Nouveau Brunswick'],
  ['NL', 'Newfoundland and Labrador', 'Newfoundland & Labrador', 'Newfoundland', 'Labrador', 'Terre Neuve et Labrador', 'NF', 'Nfld', 'TNL'],
  ['NS', 'Nova Scotia', 'Nouvelle Ecosse', 'N E'],
  ['NT', 'Northwest Territories', 'Territoires du Nord Ouest', 'NWT', 'TNO'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario', 'Ont'],
  ['PE', 'Prince Edward Island', 'Ile du Prince Edouard', 'PEI', 'IPE'],
  ['QC', 'Quebec', 'PQ', 'Que', 'Province de Quebec', 'Province of Quebec'],
  ['SK', 'Saskatchewan', 'Sask'],
  ['YT', 'Yukon', 'Yukon Territory', 'YK', 'Yuk'],
];

const MX: RegionRow[] = [
  ['01', 'Aguascalientes', 'Ags', 'AGU'],
  ['02', 'Baja California', 'BC', 'BCN', 'Baja California Norte'],
  ['03', 'Baja California Sur', 'BCS'],
  ['04', 'Campeche', 'Camp', 'CAM'],
  ['05', 'Coahuila', 'Coahuila de Zaragoza', 'Coah', 'COA'],
  ['06', 'Colima', 'Col', 'COL'],
  ['07', 'Chiapas', 'Chis', 'CHP'],
  ['08', 'Chihuahua', 'Chih', 'CHH'],
  ['09', 'Ciudad de México', 'CDMX', 'CMX', 'Cd de Mexico', 'Cd Mexico', 'Mexico City', 'DF', 'Distrito Federal', 'Mexico DF', 'Mexico D F'],
  ['10', 'Durango', 'Dgo', 'DUR'],
  ['11', 'Guanajuato', 'Gto', 'GUA'],
  ['12', 'Guerrero', 'Gro', 'GRO'],
  ['13', 'Hidalgo', 'Hgo', 'HID'],
  ['14', 'Jalisco', 'Jal', 'JAL'],
  ['15', 'México', 'Estado de Mexico', 'Edo Mex', 'Edo de Mex', 'Edo de Mexico', 'Edomex', 'Mex', 'MEX', 'Mexico State', 'State of Mexico', 'EM'],
  ['16', 'Michoacán', 'Michoacan de Ocampo', 'Mich', 'MIC'],
  ['17', 'Morelos', 'Mor', 'MOR'],
  ['18', 'Nayarit', 'Nay', 'NAY'],
  ['19', 'Nuevo León', 'NL', 'NLE', 'N L'],
  ['20', 'Oaxaca', 'Oax', 'OAX'],
  ['21', 'Puebla', 'Pue', 'PUE'],
  ['22', 'Querétaro', 'Queretaro de Arteaga', 'Qro', 'QUE'],
  ['23', 'Quintana Roo', 'Q Roo', 'QR', 'QROO', 'ROO'],
  ['24', 'San Luis Potosí', 'SLP'],
  ['25', 'Sinaloa', 'Sin', 'SIN'],
  ['26', 'Sonora', 'Son', 'SON'],
  ['27', 'Tabasco', 'Tab', 'TAB'],
  ['28', 'Tamaulipas', 'Tamps', 'Tamp', 'TAM'],
  ['29', 'Tlaxcala', 'Tlax', 'TLA'],
  ['30', 'Veracruz', 'Veracruz de Ignacio de la Llave', 'Ver', 'VER'],
  ['31', 'Yucatán', 'Yuc', 'YUC'],
  ['32', 'Zacatecas', 'Zac', 'ZAC'],
];

const GB: RegionRow[] = [
  ['ENG', 'England', 'Eng'],
  ['SCT', 'Scotland', 'Scot', 'Alba'],
  ['WLS', 'Wales', 'Cymru'],
  ['NIR', 'Northern Ireland', 'NI', 'N Ireland', 'Ulster'],
];

/** US and Canadian regions show their postal code; the UK and Mexico their name. */
const SHOW_CODE: Record<CountryId, boolean> = { 1: true, 2: true, 3: false, 5: false, 6: true };

function index(countryId: CountryId, rows: RegionRow[]): { byCode: Map<string, Region>; byKey: Map<string, Region> } {
  const byCode = new Map<string, Region>();
  const byKey = new Map<string, Region>();
  for (const [code, name, ...aliases] of rows) {
    const region: Region = { countryId, code, name, display: SHOW_CODE[countryId] ? code : name };
    byCode.set(code, region);
    for (const spelling of [code, name, ...aliases]) {
      const key = matchKey(spelling);
      if (!byKey.has(key)) byKey.set(key, region);
    }
  }
  return { byCode, byKey };
}

const TABLES: Record<CountryId, ReturnType<typeof index>> = {
  1: index(1, US),
  2: index(2, CA),
  3: index(3, GB),
  5: index(5, MX),
  6: index(6, PR),
};

/** Words around a region name that carry no meaning ('State of', 'Province of', 'Estado de'). */
const FILLER = /^(?:state of|province of|provincia de|province de|estado de|edo de|the)\s+/;

/**
 * The state / province / nation a State field names in a country, or undefined. Accepts codes,
 * names with or without accents, French province names and common abbreviations
 * ('Québec' → QC, 'CDMX' → '09', 'Edo. Méx.' → '15', 'Scotland' → SCT).
 */
export function lookupRegion(countryId: CountryId, text: string | null | undefined): Region | undefined {
  const key = matchKey(text);
  if (!key) return undefined;
  const table = TABLES[countryId];
  const found = table.byKey.get(key);
  if (found) return found;
  // MX codes written as numbers ('9' or '09'), and names after a filler word.
  if (countryId === 5 && /^\d{1,2}$/.test(key)) return table.byCode.get(key.padStart(2, '0'));
  const stripped = key.replace(FILLER, '');
  return stripped !== key ? table.byKey.get(stripped) : undefined;
}

/** The region with this gazetteer admin1Code. */
export function regionByCode(countryId: CountryId, code: string): Region | undefined {
  return TABLES[countryId].byCode.get(code);
}

/** Every region of a country (for forms and tests). */
export function regionsOf(countryId: CountryId): Region[] {
  return [...TABLES[countryId].byCode.values()];
}

/**
 * The covered countries in which the text names a region, for addresses that came without a
 * country. 'IL' → [USA]; 'PR' → [PRI]; 'Jalisco' → [MEX].
 */
export function countriesWithRegion(text: string | null | undefined): CountryId[] {
  const key = matchKey(text);
  if (!key) return [];
  const ids: CountryId[] = [];
  for (const countryId of [1, 2, 3, 5, 6] as const) {
    if (TABLES[countryId].byKey.has(key)) ids.push(countryId);
  }
  return ids;
}
