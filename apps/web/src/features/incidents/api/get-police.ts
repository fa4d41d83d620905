import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ZPoliceBboxResponse,
  ZPoliceIncidentsResponse,
  ZPoliceRecentMonth,
  ZPoliceSummaryResponse,
  type TPoliceBboxResponse,
  type TPoliceIncidentsResponse,
  type TPoliceRecentMonth,
  type TPoliceSummaryResponse,
} from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** A point and radius of the police map: path segments lng/lat/radius (miles, 2 decimals). */
export interface PoliceArea {
  longitude: number;
  latitude: number;
  radius: number;
}

const areaPath = (area: PoliceArea) => `reports/${area.longitude}/${area.latitude}/${area.radius.toFixed(2)}`;

/** GET reports/policeincidentsrecentmonth. */
export function usePoliceRecentMonth(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['reports', 'policeincidentsrecentmonth'],
    queryFn: ({ signal }): Promise<TPoliceRecentMonth> => apiFetch('reports/policeincidentsrecentmonth', { schema: ZPoliceRecentMonth, signal }),
    staleTime: Infinity,
  });
}

/** GET reports/{lng}/{lat}/{radius}/getBbox: the padded view box and the ring. */
export function usePoliceBbox(area: PoliceArea, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'getBbox', area],
    queryFn: ({ signal }): Promise<TPoliceBboxResponse> => apiFetch(`${areaPath(area)}/getBbox`, { schema: ZPoliceBboxResponse, signal }),
    staleTime: Infinity,
    enabled,
  });
}

/** GET reports/{lng}/{lat}/{radius}/policeincidentssummary. */
export function usePoliceSummary(area: PoliceArea, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'policeincidentssummary', area],
    queryFn: ({ signal }): Promise<TPoliceSummaryResponse> => apiFetch(`${areaPath(area)}/policeincidentssummary`, { schema: ZPoliceSummaryResponse, signal }),
    enabled,
  });
}

/** GET reports/{lng}/{lat}/{radius}/{year}/{YTD|year}/policeincidents; waits until a year is known. */
export function usePoliceIncidents(area: PoliceArea, year: number | null, ytd: boolean) {
  return useQuery({
    queryKey: ['reports', 'policeincidents', area, year, ytd],
    queryFn: ({ signal }): Promise<TPoliceIncidentsResponse> => apiFetch(`${areaPath(area)}/${year}/${ytd ? 'YTD' : 'year'}/policeincidents`, { schema: ZPoliceIncidentsResponse, signal }),
    enabled: year !== null,
    placeholderData: keepPreviousData,
  });
}
