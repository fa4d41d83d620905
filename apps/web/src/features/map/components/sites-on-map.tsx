import { useMemo, type ReactNode } from 'react';
import type { LatLng, TSite } from '@riskatlas/domain';
import { AtlasMap, type MapPoint, type MapView } from '../../../components/map';
import { pointColor } from '../../sites';
import { MapHandleBridge, type MapHandle } from './map-handle';

/**
 * The user's sites on the product's map, coloured by their score band under the methodology, named
 * on hover. A click on a dot hands back its site; a click elsewhere the point.
 */
export function SitesOnMap(props: {
  sites: readonly TSite[];
  methodology: number;
  view: MapView;
  selectedIds: ReadonlySet<number>;
  onSite: (site: TSite) => void;
  onEmptyClick?: (at: LatLng) => void;
  onHandle: (handle: MapHandle | null) => void;
  height: number;
  fallbackDetails: ReactNode;
  children?: ReactNode;
}) {
  const { sites, methodology, onSite } = props;
  const points = useMemo(
    () => sites.map((site): MapPoint => ({ id: site.siteId, latitude: site.latitude, longitude: site.longitude, color: pointColor(site, methodology), label: site.siteName })),
    [sites, methodology],
  );
  const byId = useMemo(() => new Map(sites.map((site) => [site.siteId, site])), [sites]);
  const label = sites.length === 1 ? 'Map of 1 site' : `Map of ${sites.length.toLocaleString()} sites`;
  return (
    <AtlasMap
      view={props.view}
      points={points}
      selectedIds={props.selectedIds}
      onPointClick={(id) => {
        const site = byId.get(Number(id));
        if (site) onSite(site);
      }}
      onMapClick={props.onEmptyClick}
      height={props.height}
      label={label}
      fallbackDetails={props.fallbackDetails}
    >
      <MapHandleBridge onHandle={props.onHandle} />
      {props.children}
    </AtlasMap>
  );
}
