/*
 * Incident sets on the pack's grid: each incident counted in the cell row = floor(lat / 0.0025),
 * col = floor(lng / 0.0025) under its offence or `other`, and the set's summary row.
 */
import type { CountryId } from '@riskatlas/domain';
import { INCIDENT_CELL_DEGREES, OFFENCE_KEYS, type OffenceKey } from '../../src/pack/format';
import type { PackRow } from '../types';

/** An incident's class: one of the seven offences or every other incident. */
type IncidentClass = OffenceKey | 'other';

/** One incident as a source reader gives it. */
export interface IncidentRecord {
  offence: IncidentClass;
  /** Degrees; undefined when the source row has no usable coordinates. */
  latitude?: number;
  longitude?: number;
  /** The days the record may fall on, YYYY-MM-DD: equal for a dated incident, a month's first and last day for UK street data. */
  firstDay: string;
  lastDay: string;
}

/** What incident-sets.tsv says about a set besides its counts. */
export interface IncidentSetInfo {
  setKey: string;
  countryId: CountryId;
  name: string;
  refKey: string;
  source: string;
}

/** A set's rows for incident-sets.tsv and incident-cells.tsv, and how many records lacked coordinates. */
export interface GriddedSet {
  setRow: PackRow;
  cellRows: PackRow[];
  incidents: number;
  other: number;
  withoutCoordinates: number;
}

const CLASS_INDEX: Readonly<Record<IncidentClass, number>> = Object.fromEntries([...OFFENCE_KEYS, 'other'].map((key, index) => [key, index])) as Record<IncidentClass, number>;

/** The grid cell of a point. */
export function incidentCell(latitude: number, longitude: number): { row: number; col: number } {
  return { row: Math.floor(latitude / INCIDENT_CELL_DEGREES), col: Math.floor(longitude / INCIDENT_CELL_DEGREES) };
}

/** Days from firstDay to lastDay inclusive. */
export function daysCovered(firstDay: string, lastDay: string): number {
  const utc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Math.round((utc(lastDay) - utc(firstDay)) / 86_400_000) + 1;
}

/** Usable coordinates: finite, not the 0,0 placeholder, on the globe. */
export function hasCoordinates(record: IncidentRecord): record is IncidentRecord & { latitude: number; longitude: number } {
  const { latitude, longitude } = record;
  return latitude !== undefined && longitude !== undefined && Number.isFinite(latitude) && Number.isFinite(longitude)
    && !(latitude === 0 && longitude === 0) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

/** Grids a set. The period spans every record, with or without coordinates (they show what the set covers). */
export function gridIncidentSet(info: IncidentSetInfo, records: readonly IncidentRecord[]): GriddedSet {
  if (records.length === 0) throw new Error(`Incident set ${info.setKey} is empty`);
  const cells = new Map<string, { row: number; col: number; counts: number[] }>();
  let firstDay = records[0]!.firstDay;
  let lastDay = records[0]!.lastDay;
  let incidents = 0;
  let other = 0;
  let withoutCoordinates = 0;
  for (const record of records) {
    if (record.firstDay < firstDay) firstDay = record.firstDay;
    if (record.lastDay > lastDay) lastDay = record.lastDay;
    if (!hasCoordinates(record)) {
      withoutCoordinates++;
      continue;
    }
    const { row, col } = incidentCell(record.latitude, record.longitude);
    const key = `${row}|${col}`;
    const cell = cells.get(key) ?? { row, col, counts: new Array<number>(OFFENCE_KEYS.length + 1).fill(0) };
    cells.set(key, cell);
    cell.counts[CLASS_INDEX[record.offence]]!++;
    if (record.offence === 'other') other++;
    else incidents++;
  }
  const cellRows = [...cells.values()].map((cell) => [info.setKey, cell.row, cell.col, ...cell.counts]);
  const setRow = [info.setKey, info.countryId, info.name, info.refKey, firstDay, lastDay, daysCovered(firstDay, lastDay), incidents, other, info.source];
  return { setRow, cellRows, incidents, other, withoutCoordinates };
}

/** A coordinate field as a number; undefined when empty or not a number. */
export function coordinate(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
