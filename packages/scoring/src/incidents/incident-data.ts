import { dirname, join } from 'node:path';
import { UK_CRIME_TYPES, type CrimeCategory } from '@riskatlas/domain';
import { locateScoringDir } from '../pack/locate-scoring';
import { rowsOf } from '../pack/read-tables';
import { INCIDENT_PACK_FILES, fromMicroDegrees } from './pack-format';
import { PointGrid } from './point-grid';

/** An area a data set spans, in degrees. */
interface Extent {
  minLat: number;
  minLng: number;
  maxLat: number;
  maxLng: number;
}

/** A US police department's data set. */
export interface DepartmentInfo {
  pd: string;
  name: string;
  city: string;
  state: string;
  firstDate: string;
  lastDate: string;
  extent: Extent;
  source: string;
}

/** A crime type as the US departments publish it. */
export interface PublishedCrimeType {
  crimeTypeId: number;
  name: string;
  category: CrimeCategory;
}

/** A US incident as published, with its standard type (undefined: none of the ten). */
export interface CityIncident {
  pd: string;
  id: string;
  crimeTypeId: number;
  /** The crime type as published. */
  crimeTypeName: string;
  street: string;
  district: string;
  date: string;
  /** HH:MM, or '' when not published. */
  time: string;
  dayOfWeek: string;
  description: string;
  /** '' when not published. */
  premise: string;
  latitude: number;
  longitude: number;
  standardTypeId: number | undefined;
}

/** A UK police force's street-level data set. */
export interface UkForceInfo {
  force: string;
  name: string;
  /** YYYY-MM. */
  firstMonth: string;
  lastMonth: string;
  extent: Extent;
  source: string;
}

/** A UK street-level record. */
export interface UkStreetRecord {
  /** YYYY-MM. */
  month: string;
  latitude: number;
  longitude: number;
  crimeType: string;
  lsoaCode: string;
}

/** The incident pack, loaded and indexed for radius queries. */
export interface IncidentData {
  departments: readonly DepartmentInfo[];
  crimeTypes: readonly PublishedCrimeType[];
  ukForces: readonly UkForceInfo[];
  /** The departments whose data spans a point. */
  departmentsAt(latitude: number, longitude: number): DepartmentInfo[];
  /** US incidents within `meters` of a point, each with its distance. */
  incidentsNear(latitude: number, longitude: number, meters: number): Array<{ incident: CityIncident; meters: number }>;
  /** The UK forces whose data spans a point. */
  ukForcesAt(latitude: number, longitude: number): UkForceInfo[];
  /** UK street records within `meters` of a point. */
  ukStreetNear(latitude: number, longitude: number, meters: number): UkStreetRecord[];
  /** The most recent month of UK data, YYYY-MM. */
  latestUkMonth: string;
}

/**
 * How far outside a data set's extent a point still counts as covered, in degrees (about 1 km):
 * the extent is drawn through the outermost published incidents, not the jurisdiction's border.
 */
const COVERAGE_MARGIN_DEGREES = 0.01;

const extentOf = (fields: string[], start: number): Extent => ({
  minLat: fromMicroDegrees(Number(fields[start])),
  minLng: fromMicroDegrees(Number(fields[start + 1])),
  maxLat: fromMicroDegrees(Number(fields[start + 2])),
  maxLng: fromMicroDegrees(Number(fields[start + 3])),
});

const covers = (extent: Extent, latitude: number, longitude: number): boolean =>
  latitude >= extent.minLat - COVERAGE_MARGIN_DEGREES && latitude <= extent.maxLat + COVERAGE_MARGIN_DEGREES
  && longitude >= extent.minLng - COVERAGE_MARGIN_DEGREES && longitude <= extent.maxLng + COVERAGE_MARGIN_DEGREES;

/** The incident pack's directory: `dir`, else data/incidents beside the scoring pack (RISKATLAS_DATA_DIR honoured). */
function locateIncidentDir(dir?: string): string {
  return dir ?? join(dirname(locateScoringDir()), 'incidents');
}

/** The US departments' data sets of the pack in `root`: a few hundred bytes, read without the incidents. */
function readDepartments(root: string): DepartmentInfo[] {
  return rowsOf(root, INCIDENT_PACK_FILES.departments).map((f) => ({
    pd: f[0]!, name: f[1]!, city: f[2]!, state: f[3]!, firstDate: f[4]!, lastDate: f[5]!, extent: extentOf(f, 6), source: f[10]!,
  }));
}

const coverage = new Map<string, (latitude: number, longitude: number) => boolean>();

/**
 * Whether any US department's incident data covers a point, from the pack's department list alone
 * (the incidents themselves are not read): a cheap first question before 130,000 records are loaded.
 */
export function usIncidentDataCovers(latitude: number, longitude: number, dir?: string): boolean {
  const key = dir ?? '';
  let covered = coverage.get(key);
  if (!covered) {
    const extents = readDepartments(locateIncidentDir(dir)).map((department) => department.extent);
    covered = (lat, lng) => extents.some((extent) => covers(extent, lat, lng));
    coverage.set(key, covered);
  }
  return covered(latitude, longitude);
}

/** Reads the incident pack in `dir` (data/incidents when absent) and indexes it. */
export function readIncidentData(dir?: string): IncidentData {
  const root = locateIncidentDir(dir);
  const departments = readDepartments(root);
  const crimeTypes: PublishedCrimeType[] = rowsOf(root, INCIDENT_PACK_FILES.crimeTypes).map((f) => ({ crimeTypeId: Number(f[0]), name: f[1]!, category: f[2] as CrimeCategory }));
  const typeNames = new Map(crimeTypes.map((type) => [type.crimeTypeId, type.name]));
  const incidents: CityIncident[] = rowsOf(root, INCIDENT_PACK_FILES.incidents).map((f) => ({
    pd: f[0]!, id: f[1]!, crimeTypeId: Number(f[2]), crimeTypeName: typeNames.get(Number(f[2])) ?? '', street: f[3]!, district: f[4]!, date: f[5]!, time: f[6]!, dayOfWeek: f[7]!,
    description: f[8]!, premise: f[9]!, latitude: fromMicroDegrees(Number(f[10])), longitude: fromMicroDegrees(Number(f[11])),
    standardTypeId: f[12] === '-1' ? undefined : Number(f[12]),
  }));
  const ukForces: UkForceInfo[] = rowsOf(root, INCIDENT_PACK_FILES.ukForces).map((f) => ({
    force: f[0]!, name: f[1]!, firstMonth: f[2]!, lastMonth: f[3]!, extent: extentOf(f, 4), source: f[8]!,
  }));
  const lsoaCodes = rowsOf(root, INCIDENT_PACK_FILES.ukLsoas).map((f) => f[1]!);
  // The 120,000 UK rows stay in typed arrays: a record object is built only for a query's answer.
  const streetRows = rowsOf(root, INCIDENT_PACK_FILES.ukStreet);
  const months = new Int32Array(streetRows.length);
  const lats = new Float64Array(streetRows.length);
  const lngs = new Float64Array(streetRows.length);
  const types = new Uint8Array(streetRows.length);
  const lsoas = new Uint32Array(streetRows.length);
  streetRows.forEach((f, index) => {
    months[index] = Number(f[0]);
    lats[index] = fromMicroDegrees(Number(f[1]));
    lngs[index] = fromMicroDegrees(Number(f[2]));
    types[index] = Number(f[3]);
    lsoas[index] = Number(f[4]);
  });
  const incidentGrid = new PointGrid(incidents.length, (index) => incidents[index]!);
  const streetGrid = new PointGrid(streetRows.length, (index) => ({ latitude: lats[index]!, longitude: lngs[index]! }));
  const monthText = (value: number) => `${Math.floor(value / 100)}-${String(value % 100).padStart(2, '0')}`;
  const latestUkMonth = ukForces.map((force) => force.lastMonth).sort().at(-1) ?? '';
  return {
    departments,
    crimeTypes,
    ukForces,
    latestUkMonth,
    departmentsAt: (latitude, longitude) => departments.filter((department) => covers(department.extent, latitude, longitude)),
    incidentsNear: (latitude, longitude, meters) => incidentGrid.near(latitude, longitude, meters).map(({ index, meters: distance }) => ({ incident: incidents[index]!, meters: distance })),
    ukForcesAt: (latitude, longitude) => ukForces.filter((force) => covers(force.extent, latitude, longitude)),
    ukStreetNear: (latitude, longitude, meters) =>
      streetGrid.near(latitude, longitude, meters).map(({ index }) => ({
        month: monthText(months[index]!),
        latitude: lats[index]!,
        longitude: lngs[index]!,
        crimeType: UK_CRIME_TYPES[types[index]!]!,
        lsoaCode: lsoaCodes[lsoas[index]!]!,
      })),
  };
}

const loaded = new Map<string, IncidentData>();

/** The incident pack, read on first use and kept for the process (per directory). */
export function loadIncidentData(dir?: string): IncidentData {
  const key = dir ?? '';
  let data = loaded.get(key);
  if (!data) {
    data = readIncidentData(dir);
    loaded.set(key, data);
  }
  return data;
}
