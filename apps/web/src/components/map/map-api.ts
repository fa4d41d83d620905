import { MAP_TOKEN_LIFETIME_MS, MapLayerId, ZMapConfig, ZMapTokenResponse, ZPlaceLabelsResponse, type MapLayerIdValue, type TMapConfig, type TPlaceLabelsResponse } from '@riskatlas/domain';
import { apiFetch } from '../../lib/api-client';
import type { MapBounds } from './types';

/**
 * The map's own calls: its configuration (the online style URL the server was started with), layer
 * tokens, and city labels. Kept here rather than in a feature because every map needs them.
 */

let configLoad: Promise<TMapConfig> | undefined;

/**
 * The map configuration, asked once per page load. A failed answer draws the offline base layers
 * (the map must still work), and is asked again by the next map.
 */
export function loadMapConfig(): Promise<TMapConfig> {
  configLoad ??= apiFetch('map/config', { schema: ZMapConfig }).catch(() => {
    configLoad = undefined;
    return { styleUrl: null };
  });
  return configLoad;
}

/** A token is renewed this long before it runs out, so no request carries one that expires on the way. */
const TOKEN_RENEW_MARGIN_MS = 60_000;
const tokens = new Map<MapLayerIdValue, { token: Promise<string>; renewAt: number }>();

/** A valid token for a layer's data requests: the cached one, or a new one just before it expires. */
export function layerToken(layerId: MapLayerIdValue, now: number = Date.now()): Promise<string> {
  const cached = tokens.get(layerId);
  if (cached && cached.renewAt > now) return cached.token;
  const token = apiFetch('map/token', { method: 'POST', body: { mapLayerID: layerId }, schema: ZMapTokenResponse }).then((answer) => answer.token);
  tokens.set(layerId, { token, renewAt: now + MAP_TOKEN_LIFETIME_MS - TOKEN_RENEW_MARGIN_MS });
  token.catch(() => tokens.delete(layerId));
  return token;
}

/** Drops cached tokens (after a sign-out, or a token the server refused). */
export function forgetLayerTokens(): void {
  tokens.clear();
}

const labelCache = new Map<string, Promise<TPlaceLabelsResponse>>();
const LABEL_CACHE_SIZE = 200;

/** Rounds a box outward to a grid that grows with the view, so nearby views share one cached answer. */
function labelBox(bounds: MapBounds, zoom: number): MapBounds {
  const step = 180 / 2 ** Math.min(zoom + 1, 16);
  const out = (value: number, up: boolean, limit: number) => Math.max(-limit, Math.min(limit, (up ? Math.ceil(value / step) : Math.floor(value / step)) * step));
  return [out(bounds[0], false, 180), out(bounds[1], false, 90), out(bounds[2], true, 180), out(bounds[3], true, 90)];
}

/** City and town labels of a view (cached per rounded box and zoom). */
export function loadPlaceLabels(bounds: MapBounds, zoom: number, signal?: AbortSignal): Promise<TPlaceLabelsResponse> {
  const whole = Math.floor(zoom);
  const [west, south, east, north] = labelBox(bounds, whole);
  const key = `${whole}:${west}:${south}:${east}:${north}`;
  const cached = labelCache.get(key);
  if (cached) return cached;
  const load = layerToken(MapLayerId.CityLabels).then((token) =>
    apiFetch('map/places', { query: { west, south, east, north, zoom: whole, token }, schema: ZPlaceLabelsResponse, signal }),
  );
  labelCache.set(key, load);
  load.catch(() => labelCache.delete(key));
  if (labelCache.size > LABEL_CACHE_SIZE) labelCache.delete(labelCache.keys().next().value!);
  return load;
}
