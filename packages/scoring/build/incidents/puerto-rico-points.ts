/*
 * Puerto Rico: the Police's geocoded Type I incidents of Q1 2013 (intl/puerto_rico/SOURCES.md).
 * delito_id 1–7 are the seven Delitos Tipo I, which are the UCR Part I offences: 1 Asesinato →
 * homicide, 2 Violación → rape, 3 Robo → robbery, 4 Agresión agravada → aggravatedAssault,
 * 5 Escalamiento → burglary, 6 Apropiación ilegal → larceny, 7 Vehículo hurtado →
 * motorVehicleTheft. Points were offset slightly by the Police for privacy.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OFFENCE_KEYS } from '../../src/pack/format';
import type { IncidentRecord, IncidentSetInfo } from './incident-grid';

export const PR_POINTS_FILE = 'intl/puerto_rico/crimes_2013_rcrivera.geojson';

export const PUERTO_RICO_SET: IncidentSetInfo = {
  setKey: 'pr-2013-q1',
  countryId: 6,
  name: 'Puerto Rico Police Type I incidents, January–March 2013',
  refKey: 'PR',
  source: 'Policía de Puerto Rico, Mapa del Crimen (via rcrivera/crimenes-api)',
};

interface PointFeature {
  geometry: { type: string; coordinates: [number, number] } | null;
  properties: { delito_id: number; fecha_delito: string };
}

/** The Q1 2013 incidents. */
export function readPuertoRicoIncidents(sharedDir: string): IncidentRecord[] {
  const collection = JSON.parse(readFileSync(join(sharedDir, PR_POINTS_FILE), 'utf8')) as { features: PointFeature[] };
  return collection.features.map((feature) => {
    const { delito_id: id, fecha_delito: day } = feature.properties;
    const offence = OFFENCE_KEYS[id - 1];
    if (!offence || !Number.isInteger(id)) throw new Error(`${PR_POINTS_FILE}: delito_id ${id} is not 1–7`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`${PR_POINTS_FILE}: bad fecha_delito ${day}`);
    const point = feature.geometry?.type === 'Point' ? feature.geometry.coordinates : undefined;
    return { offence, longitude: point?.[0], latitude: point?.[1], firstDay: day, lastDay: day };
  });
}
