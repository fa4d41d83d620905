import { standardCrimeType, type TIncidentDepartment, type TPoliceIncident, type TSecondSourceIncident } from '@riskatlas/domain';
import type { CityIncident, DepartmentInfo } from '@riskatlas/scoring';

/** A department as the API answers it. */
export function presentDepartment(department: DepartmentInfo): TIncidentDepartment {
  const { pd, name, city, state, firstDate, lastDate, source } = department;
  return { pd, name, city, state, firstDate, lastDate, source };
}

/** A first-source incident: the record as its department publishes it. */
export function presentPoliceIncident(incident: CityIncident, department: DepartmentInfo, distance: number): TPoliceIncident {
  return {
    id: incident.id,
    crimetype: incident.crimeTypeName,
    crimeTypeId: incident.crimeTypeId,
    street: incident.street,
    city: department.city,
    state: department.state,
    zip: null,
    pd: incident.district,
    incidentdate: incident.date,
    incidenttime: incident.time === '' ? null : incident.time,
    dayofweek: incident.dayOfWeek,
    description: incident.description,
    premise: incident.premise === '' ? null : incident.premise,
    weapon: null,
    distance,
    latitude: incident.latitude,
    longitude: incident.longitude,
  };
}

/** A second-source incident: the same record in its standard crime type. */
export function presentSecondSourceIncident(incident: CityIncident & { standardTypeId: number }, distance: number): TSecondSourceIncident {
  const type = standardCrimeType(incident.standardTypeId)!;
  return {
    id: incident.id,
    typeId: type.crimeTypeId,
    dist: distance,
    date: incident.time === '' ? incident.date : `${incident.date} ${incident.time}`,
    day: incident.dayOfWeek,
    pd: incident.district,
    desc: incident.description,
    lat: incident.latitude,
    lng: incident.longitude,
    cat: type.category,
  };
}
