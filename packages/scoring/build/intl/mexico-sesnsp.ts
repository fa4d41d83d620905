/*
 * Mexico: SESNSP "incidencia delictiva del fuero común" by state and year with the repository
 * author's rates per 100,000 (CONAPO population), 2015–2025 (intl/SOURCES.md). 2025 is partial
 * and the file does not say how many months it holds, so it is dropped rather than annualised.
 *
 * Offence mapping (subtipo_de_delito / modalidad → UCR offence; rates are summed, which is exact
 * because every row of a state and year shares one population):
 *
 * | offence            | SESNSP rows                                                                  |
 * |--------------------|------------------------------------------------------------------------------|
 * | homicide           | Homicidio doloso (all modalities) + Feminicidio (all)                         |
 * | rape               | Violación simple + Violación equiparada                                       |
 * | robbery            | every Robo subtype, modality "Con violencia" — including Robo de vehículo     |
 * |                    | automotor con violencia (carjacking is robbery under the UCR hierarchy) and   |
 * |                    | Robo a casa habitación / a negocio con violencia (force on a person outranks  |
 * |                    | the entry)                                                                    |
 * | aggravatedAssault  | Lesiones dolosas (all modalities; broader than UCR: includes minor injuries)  |
 * | burglary           | Robo a casa habitación + Robo a negocio, "Sin violencia" (SESNSP does not     |
 * |                    | separate break-ins from shop theft in Robo a negocio: some larceny lands here)|
 * | motorVehicleTheft  | Robo de vehículo automotor "Sin violencia": coche de 4 ruedas, motocicleta    |
 * | larceny            | every other Robo "Sin violencia" (otros robos, a transeúnte, a transportista, |
 * |                    | autopartes, ganado, maquinaria, en transporte, a institución bancaria) and    |
 * |                    | Robo de embarcaciones sin violencia (a boat is not a UCR motor vehicle)       |
 *
 * Not mapped: Homicidio culposo and Lesiones culposas (negligence, e.g. traffic), Abuso sexual
 * and other sexual offences, Secuestro, Extorsión, Fraude, Abuso de confianza, Allanamiento de
 * morada (entry without intent to steal is not UCR burglary), Daño a la propiedad, and the rest.
 * Every mapped column is 'r' (reported by SESNSP under a documented definition).
 */
import type { CountryId } from '@riskatlas/domain';
import { regionsOf } from '@riskatlas/geo';
import type { OffenceKey } from '../../src/pack/format';
import type { PackRow, ScoringBuildContext, ScoringBuildPart } from '../types';
import { areaRateRow, areaRow, withAggregates, type OffenceCells } from './area-rows';
import { csvTable, integerField, numberField, readBzip2Text } from './raw-files';

const MEXICO: CountryId = 5;
const MEXICO_SESNSP_FILE = 'intl/mexico_sesnsp/db_incidencia_ent_nac_year_x100khab_mujeres.csv.bz2';
/** The last complete year of the file (2025 is partial). */
const MEXICO_LAST_YEAR = 2024;

/** The offence a SESNSP row counts towards, or undefined when it is none of the seven. */
export function mexicoOffence(tipo: string, subtipo: string, modalidad: string): OffenceKey | undefined {
  if (subtipo === 'Homicidio doloso' || tipo === 'Feminicidio') return 'homicide';
  if (subtipo === 'Violación simple' || subtipo === 'Violación equiparada') return 'rape';
  if (subtipo === 'Lesiones dolosas') return 'aggravatedAssault';
  if (tipo !== 'Robo') return undefined;
  // Modalidad is "Con violencia" / "Sin violencia", or a detail ending in it ("Robo de motocicleta Sin violencia").
  const violent = /Con violencia$/.test(modalidad);
  if (!violent && !/Sin violencia$/.test(modalidad)) throw new Error(`${MEXICO_SESNSP_FILE}: Robo modality without violence flag: ${modalidad}`);
  if (violent) return 'robbery';
  if (subtipo === 'Robo a casa habitación' || subtipo === 'Robo a negocio') return 'burglary';
  if (subtipo === 'Robo de vehículo automotor' && !/embarcaciones/.test(modalidad)) return 'motorVehicleTheft';
  return 'larceny';
}

interface StateYear {
  offences: Map<OffenceKey, number>;
  /** The row with the most crimes, to recover the population behind the rates. */
  largest: { count: number; rate: number };
}

/** Mexico's areas (nation and 32 states, CONAPO population) and rate rows 2015–2024. */
export function buildMexicoPart(context: ScoringBuildContext): ScoringBuildPart {
  const table = csvTable(readBzip2Text(context.sharedDir, MEXICO_SESNSP_FILE), MEXICO_SESNSP_FILE);
  const [yearColumn, stateColumn, nameColumn, tipoColumn, subtipoColumn, modalidadColumn, countColumn, rateColumn] = [
    'n_year', 'cve_ent', 'nombre_estado', 'tipo_de_delito', 'subtipo_de_delito', 'modalidad', 'n_delitos', 'n_delitos_x100khab',
  ].map((name) => table.column(name)) as [number, number, number, number, number, number, number, number];
  const stateNames = new Map<string, string>();
  const data = new Map<string, StateYear>();
  let partialRows = 0;
  for (const row of table.rows) {
    const year = integerField(row[yearColumn]!, MEXICO_SESNSP_FILE);
    if (year > MEXICO_LAST_YEAR) {
      partialRows++;
      continue;
    }
    const state = row[stateColumn]!;
    if (!/^\d{2}$/.test(state)) throw new Error(`${MEXICO_SESNSP_FILE}: bad cve_ent ${state}`);
    stateNames.set(state, row[nameColumn]!);
    const key = `${state}|${year}`;
    const entry = data.get(key) ?? { offences: new Map<OffenceKey, number>(), largest: { count: 0, rate: 0 } };
    data.set(key, entry);
    const count = integerField(row[countColumn]!, MEXICO_SESNSP_FILE);
    const rate = numberField(row[rateColumn]!, MEXICO_SESNSP_FILE);
    if (count > entry.largest.count) entry.largest = { count, rate };
    const offence = mexicoOffence(row[tipoColumn]!, row[subtipoColumn]!, row[modalidadColumn]!);
    if (offence) entry.offences.set(offence, (entry.offences.get(offence) ?? 0) + rate);
  }
  const knownStates = new Set(regionsOf(MEXICO).map((region) => region.code));
  const areas: PackRow[] = [];
  const areaRates: PackRow[] = [];
  for (const [state, name] of [...stateNames].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // cve_ent 00 is the file's national row ("Nacional").
    const areaKey = state === '00' ? 'MX' : `MX-${state}`;
    if (state !== '00' && !knownStates.has(state)) throw new Error(`${MEXICO_SESNSP_FILE}: state ${state} ${name} is not in the geo pack`);
    const latest = data.get(`${state}|${MEXICO_LAST_YEAR}`);
    if (!latest || !(latest.largest.rate > 0)) throw new Error(`${MEXICO_SESNSP_FILE}: no ${MEXICO_LAST_YEAR} rows for ${name}`);
    const population = Math.round((latest.largest.count * 100_000) / latest.largest.rate);
    areas.push(areaRow({ areaKey, countryId: MEXICO, level: state === '00' ? 'N' : 'S', name: state === '00' ? 'Mexico' : name, parentKey: state === '00' ? undefined : 'MX', population }));
    for (const [key, entry] of data) {
      if (!key.startsWith(`${state}|`)) continue;
      const cells: OffenceCells = {};
      for (const [offence, value] of entry.offences) cells[offence] = { value, coverage: 'r' };
      areaRates.push(areaRateRow(areaKey, Number(key.slice(3)), withAggregates(cells)));
    }
  }
  context.log(`Mexico: ${areas.length} areas, ${areaRates.length} rate rows (2015–${MEXICO_LAST_YEAR}; ${partialRows} rows of the partial year dropped)`);
  return { areas, areaRates, inputs: [MEXICO_SESNSP_FILE], notes: { mxAreas: areas.length, mxPartialYearRowsDropped: partialRows } };
}
