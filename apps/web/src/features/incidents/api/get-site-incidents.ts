import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZSiteIncidentsDOMResponse, ZSiteIncidentsResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import { incidentFilterQuery, type IncidentFilterValue } from './filter-query';

/** GET sites/{id}/{path} with the filter as its query, parsed by the source's contract. */
function useIncidentsOf<T>(path: 'incidents' | 'incidentsDOM', schema: { parse(data: unknown): T }, siteId: number | null, filter: IncidentFilterValue, enabled: boolean) {
  return useQuery({
    queryKey: ['sites', siteId, path, filter],
    queryFn: ({ signal }) => apiFetch(`sites/${siteId}/${path}`, { query: incidentFilterQuery(filter), schema, signal }),
    enabled: enabled && siteId !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET sites/{id}/incidents: the police records around a site as published (first source). */
export const useSiteIncidents = (siteId: number | null, filter: IncidentFilterValue, enabled = true) => useIncidentsOf('incidents', ZSiteIncidentsResponse, siteId, filter, enabled);

/** GET sites/{id}/incidentsDOM: the same records in the ten standard types (second source). */
export const useSiteIncidentsDOM = (siteId: number | null, filter: IncidentFilterValue, enabled = true) => useIncidentsOf('incidentsDOM', ZSiteIncidentsDOMResponse, siteId, filter, enabled);
