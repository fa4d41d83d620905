import { useMemo, type ReactNode } from 'react';
import type { LatLng, TSite } from '@riskatlas/domain';
import { AtlasMap, sitePoint, type MapOverlay, type MapView } from '../../../components/map';
import { MapHandleBridge, type MapHandle } from './map-handle';

const NO_OVERLAYS: readonly MapOverlay[] = [];

/**
 * The user's sites on the product's map, coloured by their score band under the methodology, named
 * with their score reading on hover. A click on a dot hands back its site; on overlapping dots
 * every site under the pointer; elsewhere the point.
 */
export function SitesOnMap(props: {
  sites: readonly TSite[];
  methodology: number;
  view: MapView;
  selectedIds: ReadonlySet<number>;
  onSites: (sites: TSite[]) => void;
  onEmptyClick?: (at: LatLng) => void;
  onHandle: (handle: MapHandle | null) => void;
  height: number;
  overlays?: readonly MapOverlay[];
  cityLabels?: boolean;
  fallbackDetails: ReactNode;
  children?: ReactNode;
  /** The page draws its own zoom buttons, so the map's are hidden. */
  ownZoomControl?: boolean;
}) {
  const { sites, methodology, onSites } = props;
  const points = useMemo(() => sites.map((site) => sitePoint(site, methodology)), [sites, methodology]);
  const byId = useMemo(() => new Map(sites.map((site) => [site.siteId, site])), [sites]);
  const sitesOf = (ids: readonly (number | string)[]) => ids.flatMap((id) => byId.get(Number(id)) ?? []);
  const label = sites.length === 1 ? 'Map of 1 site' : `Map of ${sites.length.toLocaleString()} sites`;
  return (
    <AtlasMap
      view={props.view}
      points={points}
      selectedIds={props.selectedIds}
      onPointClick={(id) => onSites(sitesOf([id]))}
      onPointsClick={(ids) => onSites(sitesOf(ids))}
      {...(props.onEmptyClick ? { onMapClick: props.onEmptyClick } : {})}
      overlays={props.overlays ?? NO_OVERLAYS}
      cityLabels={props.cityLabels ?? true}
      height={props.height}
      label={label}
      fallbackDetails={props.fallbackDetails}
      navigationControl={!props.ownZoomControl}
    >
      <MapHandleBridge onHandle={props.onHandle} />
      {props.children}
    </AtlasMap>
  );
}
