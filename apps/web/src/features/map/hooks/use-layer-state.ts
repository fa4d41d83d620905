import { useEffect, useMemo, useState } from 'react';
import { MapLayerId, SiteMapStyle, toggleMapLayer, type LatLng, type TMapLayer, type TSite } from '@riskatlas/domain';
import type { MapOverlay } from '../../../components/map';
import { errorMessage } from '../../../lib/api-client';
import { useMapLayers } from '../api/map-layers';
import { loadDriveRings, loadIncidentDensity, loadReportHeatMap, NoIncidentData } from '../api/site-overlays';

/** Base-style layers the boundary switches show and hide. */
const BASE_LAYERS: ReadonlyArray<[layerId: number, styleLayer: string]> = [
  [MapLayerId.CountyBoundaries, 'counties'],
  [MapLayerId.StateBoundaries, 'states'],
];

const NONE: ReadonlySet<number> = new Set();

/**
 * The layers panel's state and what it draws: which layers show (the server's defaults, then the
 * user's switches, one per exclusivity group), why a layer cannot show now, and the overlays of the
 * selected site or pin — its report heat map in the heat/contour style, drive-time rings. The
 * report heat map switch is the site style's heat/contour step seen from the panel.
 */
export function useLayerState(options: {
  selected: TSite | undefined;
  pin: LatLng | null;
  methodology: number;
  style: SiteMapStyle;
  hasHeatMap: boolean;
  onStyle: (style: SiteMapStyle) => void;
  /** A heat map that failed to load: the style is cleared. */
  onHeatMapFailed: () => void;
  setBaseLayerVisible: (styleLayer: string, visible: boolean) => void;
  drawn: boolean;
  /** The account has crime incidents (the incidents density layer). */
  incidentsAllowed: boolean;
  /** An overlay whose data could not be loaded, in words for the user. */
  onOverlayFailed: (message: string) => void;
}) {
  const { selected, pin, methodology, style, hasHeatMap, onStyle, onHeatMapFailed, setBaseLayerVisible, drawn, incidentsAllowed, onOverlayFailed } = options;
  const layers = useMapLayers();
  const [chosen, setChosen] = useState<ReadonlySet<number> | null>(null);
  const defaults = useMemo(() => new Set((layers.data ?? []).filter((layer) => layer.enabled).map((layer) => layer.mapLayerID)), [layers.data]);
  const heatOn = style === SiteMapStyle.HeatContour;
  const shown = useMemo(() => {
    const base = new Set(chosen ?? defaults ?? NONE);
    if (heatOn) base.add(MapLayerId.ReportHeatMap);
    else base.delete(MapLayerId.ReportHeatMap);
    return base;
  }, [chosen, defaults, heatOn]);

  // The boundary lines belong to the base style: shown or hidden in the drawn map itself.
  useEffect(() => {
    if (!drawn) return;
    for (const [layerId, styleLayer] of BASE_LAYERS) setBaseLayerVisible(styleLayer, shown.has(layerId));
  }, [drawn, shown, setBaseLayerVisible]);

  const unavailable = useMemo(() => {
    const reasons = new Map<number, string>();
    if (!selected || !hasHeatMap) reasons.set(MapLayerId.ReportHeatMap, 'Select a site whose report has the heat map.');
    if (!incidentsAllowed) reasons.set(MapLayerId.IncidentsDensity, 'Your account does not include crime incidents.');
    else if (!selected) reasons.set(MapLayerId.IncidentsDensity, 'Select a site to see the incidents around it.');
    if (!selected && !pin) reasons.set(MapLayerId.DriveTime, 'Select a site or drop a pin.');
    return reasons;
  }, [selected, hasHeatMap, pin, incidentsAllowed]);

  const toggle = (layerId: number, on: boolean) => {
    const all: readonly TMapLayer[] = layers.data ?? [];
    const next = toggleMapLayer(all, shown, layerId, on);
    if (next.has(MapLayerId.ReportHeatMap) !== heatOn) onStyle(next.has(MapLayerId.ReportHeatMap) ? SiteMapStyle.HeatContour : SiteMapStyle.Standard);
    setChosen(next);
  };

  const siteId = selected?.siteId;
  const ringsAt = selected ?? pin;
  const overlays = useMemo(() => {
    const list: MapOverlay[] = [];
    if (siteId !== undefined && heatOn)
      list.push({
        id: 'report-heat',
        data: (signal) => loadReportHeatMap(siteId, methodology, signal),
        dataKey: `${siteId}:${methodology}`,
        style: { kind: 'fill', opacity: 0.45 },
        onError: onHeatMapFailed,
      });
    if (siteId !== undefined && incidentsAllowed && shown.has(MapLayerId.IncidentsDensity))
      list.push({
        id: 'incident-density',
        data: (signal) => loadIncidentDensity(siteId, signal),
        dataKey: String(siteId),
        style: { kind: 'heat', opacity: 0.7 },
        onError: (error) => onOverlayFailed(error instanceof NoIncidentData ? error.message : errorMessage(error)),
      });
    if (ringsAt && shown.has(MapLayerId.DriveTime)) {
      const at = { latitude: ringsAt.latitude, longitude: ringsAt.longitude };
      list.push({ id: 'drive-rings', data: (signal) => loadDriveRings(at, signal), dataKey: `${at.latitude},${at.longitude}`, style: { kind: 'line', width: 2, dash: [2, 2] } });
    }
    return list;
  }, [siteId, heatOn, methodology, onHeatMapFailed, ringsAt, shown, incidentsAllowed, onOverlayFailed]);

  return { layers: layers.data, layersFailed: layers.isError, shown, unavailable, toggle, overlays, cityLabels: layers.data ? shown.has(MapLayerId.CityLabels) : true };
}
