import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZSiteIncidentsDOMResponse, ZSiteIncidentsResponse, type TSiteIncidentsDOMResponse, type TSiteIncidentsResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { incidentFilterQuery, type IncidentFilterValue } from './filter-query';

/** GET sites/{id}/incidents: the police records around a site as published (first source). */
export function useSiteIncidents(siteId: number | null, filter: IncidentFilterValue, enabled = true) {
  return useQuery({
    queryKey: ['sites', siteId, 'incidents', filter],
    queryFn: ({ signal }): Promise<TSiteIncidentsResponse> => apiFetch(`sites/${siteId}/incidents`, { query: incidentFilterQuery(filter), schema: ZSiteIncidentsResponse, signal }),
    enabled: enabled && siteId !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET sites/{id}/incidentsDOM: the same records in the ten standard types (second source). */
export function useSiteIncidentsDOM(siteId: number | null, filter: IncidentFilterValue, enabled = true) {
  return useQuery({
    queryKey: ['sites', siteId, 'incidentsDOM', filter],
    queryFn: ({ signal }): Promise<TSiteIncidentsDOMResponse> => apiFetch(`sites/${siteId}/incidentsDOM`, { query: incidentFilterQuery(filter), schema: ZSiteIncidentsDOMResponse, signal }),
    enabled: enabled && siteId !== null,
    placeholderData: keepPreviousData,
  });
}
