import { HEAT_EXCLUSIVITY_GROUP, MapLayerGroupId, MapLayerId, type TMapLayer } from '@riskatlas/domain';

/**
 * The layers the product has. Boundaries and labels come from the offline data pack; the report
 * heat map and the incidents density are heat surfaces, so they share an exclusivity group and
 * only one of them shows at a time; drive-time rings are drawn around a chosen point.
 */
export const MAP_LAYERS: readonly TMapLayer[] = [
  { mapLayerID: MapLayerId.CountyBoundaries, mapLayerGroupID: MapLayerGroupId.Boundaries, layerName: 'County boundaries', layerType: 'line', enabled: true, exclusivityGroup: null },
  { mapLayerID: MapLayerId.StateBoundaries, mapLayerGroupID: MapLayerGroupId.Boundaries, layerName: 'State boundaries', layerType: 'line', enabled: true, exclusivityGroup: null },
  { mapLayerID: MapLayerId.CityLabels, mapLayerGroupID: MapLayerGroupId.Labels, layerName: 'City labels', layerType: 'label', enabled: true, exclusivityGroup: null },
  { mapLayerID: MapLayerId.ReportHeatMap, mapLayerGroupID: MapLayerGroupId.Heat, layerName: 'Report heat map', layerType: 'heat', enabled: false, exclusivityGroup: HEAT_EXCLUSIVITY_GROUP },
  { mapLayerID: MapLayerId.IncidentsDensity, mapLayerGroupID: MapLayerGroupId.Heat, layerName: 'Incidents density', layerType: 'heat', enabled: false, exclusivityGroup: HEAT_EXCLUSIVITY_GROUP },
  { mapLayerID: MapLayerId.DriveTime, mapLayerGroupID: MapLayerGroupId.Areas, layerName: 'Drive-time rings', layerType: 'fill', enabled: false, exclusivityGroup: null },
];

/** Whether a layer id is one of the product's layers. */
export function isMapLayer(layerId: number): boolean {
  return MAP_LAYERS.some((layer) => layer.mapLayerID === layerId);
}
