import { DEFAULT_DATE_SHORTCUT, TIME_OF_DAY_RANGE, distanceLimitsOf, type DateShortcut, type IncidentSource } from '@riskatlas/domain';

/** What the incident filters hold: distance and time-of-day ranges, a date shortcut, and the chosen crime types (all when absent). */
export interface IncidentFilterValue {
  distance: readonly [number, number];
  hours: readonly [number, number];
  dateRange: DateShortcut;
  crimeTypeIds?: readonly number[];
}

/** The filters as they start for a source: its default distance, the whole day, rolling 30 days, every crime type. */
export function defaultIncidentFilter(source: IncidentSource): IncidentFilterValue {
  return { distance: distanceLimitsOf(source).defaultRange, hours: [TIME_OF_DAY_RANGE.min, TIME_OF_DAY_RANGE.max], dateRange: DEFAULT_DATE_SHORTCUT };
}

/** The query parameters of GET sites/{id}/incidents(DOM) for a filter. */
export function incidentFilterQuery(filter: IncidentFilterValue): Record<string, string | number> {
  return {
    minDistance: filter.distance[0],
    maxDistance: filter.distance[1],
    startHour: filter.hours[0],
    endHour: filter.hours[1],
    dateRange: filter.dateRange,
    ...(filter.crimeTypeIds ? { crimeTypeIds: filter.crimeTypeIds.join(',') } : {}),
  };
}
