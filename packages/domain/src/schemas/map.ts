import { z } from 'zod';
import { ZVersionQuery } from './common';
import { ZLatitudeParam, ZLongitudeParam } from './geo';
import { labelled, zId, zIdParam, zText, zWholeNumberParam } from './fields';

/**
 * Map API payloads: layer tokens (map/token), the layer list (map/layers), the map's runtime
 * configuration (map/config), city labels (map/places), a report's score cells
 * (reports/{siteId}/map/geojson/{type}) and drive-time rings (map/drive/geojson/…).
 */

/** Lifetime of a map layer token, ms: the client refreshes it just before it runs out. */
export const MAP_TOKEN_LIFETIME_MS = 3_590_000;

/** The layers the product has, by mapLayerID. */
export const MapLayerId = { CountyBoundaries: 1, StateBoundaries: 2, CityLabels: 3, ReportHeatMap: 4, IncidentsDensity: 5, DriveTime: 6 } as const;
export type MapLayerIdValue = (typeof MapLayerId)[keyof typeof MapLayerId];

/** Layer groups, by mapLayerGroupID. */
export const MapLayerGroupId = { Boundaries: 1, Labels: 2, Heat: 3, Areas: 4 } as const;

/** Layers sharing an exclusivity group show one at a time: the heat layers (report heat map, incidents density). */
export const HEAT_EXCLUSIVITY_GROUP = 1;

/** The Map layer entity. */
export const ZMapLayer = z.object({
  mapLayerID: z.number().int().describe('Layer id (MapLayerId)'),
  mapLayerGroupID: z.number().int().describe('Group the layer is listed under (MapLayerGroupId)'),
  layerName: z.string().describe('Name shown in the layers panel'),
  layerType: z.enum(['line', 'label', 'heat', 'fill']).describe('How the layer draws: boundary lines, text labels, a heat surface, filled areas'),
  enabled: z.boolean().describe('Shown when the map opens'),
  exclusivityGroup: z.number().int().nullable().describe('Layers with the same group show one at a time; null: independent'),
});
export type TMapLayer = z.infer<typeof ZMapLayer>;

/** GET map/layers: the layers the product has. */
export const ZMapLayersResponse = z.array(ZMapLayer);
export type TMapLayersResponse = z.infer<typeof ZMapLayersResponse>;

/** GET map/config: what the map needs at start. */
export const ZMapConfig = z.object({
  styleUrl: z.string().nullable().describe('A MapLibre style JSON URL for online base tiles (the server\'s MAP_STYLE_URL); null: the offline base layers'),
});
export type TMapConfig = z.infer<typeof ZMapConfig>;

/** Body of POST map/token. */
export const ZMapTokenRequest = z.object({
  mapLayerID: zId('Map layer id').describe('The layer whose data requests will carry the token'),
});
export type TMapTokenRequest = z.infer<typeof ZMapTokenRequest>;

/** POST map/token: a signed token for one layer's data requests (query parameter `token`). */
export const ZMapTokenResponse = z.object({
  token: z.string().describe('Signed token; send it as the `token` query parameter of the layer\'s data requests'),
  mapLayerID: z.number().int().describe('The layer it is for'),
  lifetime: z.number().int().describe('Lifetime in ms (MAP_TOKEN_LIFETIME_MS)'),
  expires: z.string().describe('ISO 8601 date-time it runs out'),
});
export type TMapTokenResponse = z.infer<typeof ZMapTokenResponse>;

/** The token every layer data request carries. */
export const ZMapTokenQuery = z.object({
  ...ZVersionQuery.shape,
  token: zText('Map token', { min: 1, max: 400 }).describe('A token from POST map/token for this layer'),
});

/** Query of GET map/places: the box in view and the zoom. */
export const ZPlaceLabelsQuery = z.object({
  ...ZMapTokenQuery.shape,
  west: z.coerce.number(labelled('West')).min(-180).max(180).describe('West edge, degrees'),
  south: z.coerce.number(labelled('South')).min(-90).max(90).describe('South edge, degrees'),
  east: z.coerce.number(labelled('East')).min(-180).max(180).describe('East edge, degrees'),
  north: z.coerce.number(labelled('North')).min(-90).max(90).describe('North edge, degrees'),
  zoom: zWholeNumberParam('Zoom', 0, 22).describe('Whole map zoom; more and smaller places as it grows'),
});
export type TPlaceLabelsQuery = z.infer<typeof ZPlaceLabelsQuery>;

/** One city or town label: compact point features (short property names keep the answer small). */
export const ZPlaceLabel = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    n: z.string().describe('Place name'),
    r: z.number().int().describe('Rank: 0 is the largest place in the answer; larger places first'),
  }),
});

/** GET map/places: the city and town labels in the box, largest first. */
export const ZPlaceLabelsResponse = z.object({ type: z.literal('FeatureCollection'), features: z.array(ZPlaceLabel) });
export type TPlaceLabelsResponse = z.infer<typeof ZPlaceLabelsResponse>;

/**
 * The report maps of the detail page: map A shows the overall score (Total Crime), map B shows
 * crimes against persons and property side by side ('persons' and 'property').
 */
export const REPORT_MAP_TYPES = ['overall', 'persons', 'property'] as const;
export type ReportMapType = (typeof REPORT_MAP_TYPES)[number];

/** Path of GET reports/{siteId}/map/geojson/{type}. */
export const ZReportMapParams = z.object({
  siteId: zIdParam('Site id').describe('Site id'),
  type: z.enum(REPORT_MAP_TYPES, labelled('Map type')).describe("'overall' (map A, Total Crime), 'persons' or 'property' (map B)"),
});

/** Query of GET reports/{siteId}/map/geojson/{type}. */
export const ZReportMapQuery = z.object({
  ...ZMapTokenQuery.shape,
  methodology: zWholeNumberParam('Methodology', 1, 4).optional().describe("Methodology id; the report's first when absent"),
});

const ZPolygon = z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) });

/** One score cell of a report map. */
export const ZScoreCell = z.object({
  type: z.literal('Feature'),
  geometry: ZPolygon,
  properties: z.object({
    score: z.number().int().describe('Score 0–2000 at the cell centre (current, national)'),
    color: z.string().describe('Colour of the score\'s legend band (5- or 25-colour scheme by release)'),
    band: z.number().int().describe('Index of the legend band'),
  }),
});

/** GET reports/{siteId}/map/geojson/{type}: score cells around the site, computed for the report's release and methodology. */
export const ZReportMapResponse = z.object({
  type: z.literal('FeatureCollection'),
  siteId: z.number().int(),
  accountProductReportId: z.number().int().describe('The report the cells are computed for'),
  mapType: z.enum(REPORT_MAP_TYPES),
  releaseYear: z.number().int(),
  methodologyTypeId: z.number().int(),
  cellMiles: z.number().describe('Width of one cell in miles'),
  features: z.array(ZScoreCell),
});
export type TReportMapResponse = z.infer<typeof ZReportMapResponse>;

/** Travel modes of drive-time rings and the speeds assumed for them. */
export const TravelMode = { Walk: 1, Drive: 2, Transit: 3 } as const;

/**
 * Path of GET map/drive/geojson/{lat}/{lng}/{a}/{b}/{c}: a the inner time and b the outer time in
 * minutes (the product uses 1 and 3), c the travel mode (TravelMode; 2 driving).
 */
export const ZDriveParams = z.object({
  lat: ZLatitudeParam,
  lng: ZLongitudeParam,
  a: zWholeNumberParam('Inner time', 1, 120).describe('Inner ring, minutes of travel'),
  b: zWholeNumberParam('Outer time', 1, 120).describe('Outer ring, minutes of travel'),
  c: zWholeNumberParam('Travel mode', 1, 3).describe('1 walking, 2 driving, 3 public transport'),
});

/** One ring of a drive-time answer. */
export const ZDriveRing = z.object({
  type: z.literal('Feature'),
  geometry: ZPolygon,
  properties: z.object({
    minutes: z.number().int(),
    miles: z.number().describe('Radius in miles at the assumed speed'),
    ring: z.enum(['inner', 'outer']),
  }),
});

/** GET map/drive/geojson/…: rings at an assumed speed, flagged approximate (no road network is consulted). */
export const ZDriveResponse = z.object({
  type: z.literal('FeatureCollection'),
  approximate: z.literal(true).describe('Always true: circles at an assumed average speed, not a road-network isochrone'),
  assumedSpeedMph: z.number().describe('The average speed assumed for the mode'),
  features: z.array(ZDriveRing),
});
export type TDriveResponse = z.infer<typeof ZDriveResponse>;

