import { useMemo, useState } from 'react';
import type { TSite } from '@riskatlas/domain';
import { defaultIncidentFilter, IncidentClusters, IncidentDrawer, IncidentFilters, incidentPoints, useCrimeTypes, useSiteIncidentsDOM, type IncidentFilterValue } from '../../incidents';

/**
 * The Map screen's crime incidents: the drawer beside the map listing the incidents around the
 * selected site (under the map on phones), their clusters on the map, and the filters in the layers panel. The drawer and the
 * clusters read the same query (one request), so what the list says and the map shows agree.
 */
export function useMapIncidents(selected: TSite | undefined, allowed: boolean, underMap: boolean) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState<IncidentFilterValue>(() => defaultIncidentFilter('second'));
  const shown = allowed && open;
  const siteId = selected?.siteId ?? null;
  const crimeTypes = useCrimeTypes('second', allowed);
  const incidents = useSiteIncidentsDOM(siteId, filter, shown);
  const points = useMemo(() => (shown && incidents.data?.dataAvailable ? incidentPoints(incidents.data.incidents) : []), [shown, incidents.data]);
  return {
    allowed,
    open: shown,
    toggle: () => setOpen((now) => !now),
    filters: allowed ? <IncidentFilters source="second" value={filter} onChange={setFilter} crimeTypes={crimeTypes.data} /> : undefined,
    clusters: points.length > 0 ? <IncidentClusters points={points} /> : null,
    drawer: shown ? <IncidentDrawer siteId={siteId} siteName={selected?.siteName} open onClose={() => setOpen(false)} source="second" filter={filter} fullWidth={underMap} /> : null,
  };
}
