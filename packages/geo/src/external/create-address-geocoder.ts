import type { GeocodeCandidate } from '../geocode/types';
import { getJson } from './http';
import { nominatimSearchUrl, parseNominatim } from './nominatim';
import { parsePelias, peliasSearchUrl } from './pelias';
import { parsePhoton, photonSearchUrl } from './photon';
import { EXTERNAL_GEOCODER_KINDS, type AddressGeocoder, type ExternalAddressQuery, type ExternalGeocoderKind, type FetchLike } from './types';

/** How long an external geocoder may take before the embedded one answers instead. */
export const DEFAULT_EXTERNAL_TIMEOUT_MS = 3_000;

/** Options of an external address geocoder (GEOCODER_URL, GEOCODER_KIND). */
export interface AddressGeocoderOptions {
  /** The server: its root ('http://nominatim:8080', 'http://pelias:4000', 'http://photon:2322') or its search endpoint. */
  url: string;
  /** Which API it speaks; detected from the URL when omitted. */
  kind?: ExternalGeocoderKind | string;
  timeoutMs?: number;
  fetch?: FetchLike;
}

/** The API a server speaks, guessed from its URL; undefined when the URL does not say. */
export function detectGeocoderKind(url: string): ExternalGeocoderKind | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const text = `${parsed.hostname}${parsed.pathname}`.toLowerCase();
  const path = parsed.pathname.replace(/\/+$/, '').toLowerCase();
  if (text.includes('pelias') || text.includes('geocode.earth') || /\/v1(\/|$)/.test(path)) return 'pelias';
  if (text.includes('photon') || path.endsWith('/api') || parsed.port === '2322') return 'photon';
  if (text.includes('nominatim') || path.endsWith('/search') || path.endsWith('/search.php')) return 'nominatim';
  return undefined;
}

/** The search endpoint of a server, from its root or from the endpoint itself. */
export function searchEndpoint(url: string, kind: ExternalGeocoderKind): URL {
  const endpoint = new URL(url);
  const path = endpoint.pathname.replace(/\/+$/, '');
  switch (kind) {
    case 'nominatim':
      if (!/\/search(\.php)?$/.test(path)) endpoint.pathname = `${path}/search`;
      break;
    case 'pelias':
      if (/\/v1\/search\/structured$/.test(path)) break;
      if (/\/v1\/search$/.test(path)) endpoint.pathname = `${path}/structured`;
      else if (/\/v1$/.test(path)) endpoint.pathname = `${path}/search/structured`;
      else endpoint.pathname = `${path}/v1/search/structured`;
      break;
    case 'photon':
      if (!/\/api$/.test(path)) endpoint.pathname = `${path}/api`;
      break;
  }
  return endpoint;
}

const ADAPTERS: Record<ExternalGeocoderKind, { url: (endpoint: URL, q: ExternalAddressQuery) => string; parse: (body: unknown, q: ExternalAddressQuery) => GeocodeCandidate[] }> = {
  nominatim: { url: nominatimSearchUrl, parse: parseNominatim },
  pelias: { url: peliasSearchUrl, parse: parsePelias },
  photon: { url: photonSearchUrl, parse: parsePhoton },
};

/**
 * An address-level geocoder on a Nominatim, Pelias or Photon server. Throws at creation when the
 * URL is not an http(s) URL or the kind can be neither read nor detected (a configuration error).
 */
export function createAddressGeocoder(options: AddressGeocoderOptions): AddressGeocoder {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new Error(`GEOCODER_URL is not a URL: '${options.url}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`GEOCODER_URL must be http or https: '${options.url}'`);
  const given = options.kind?.trim().toLowerCase();
  if (given && !(EXTERNAL_GEOCODER_KINDS as readonly string[]).includes(given)) {
    throw new Error(`GEOCODER_KIND must be one of ${EXTERNAL_GEOCODER_KINDS.join(', ')}: '${options.kind}'`);
  }
  const kind = (given as ExternalGeocoderKind | undefined) || detectGeocoderKind(options.url);
  if (!kind) throw new Error(`Cannot tell which geocoder API '${options.url}' speaks: set GEOCODER_KIND to nominatim, pelias or photon`);
  const endpoint = searchEndpoint(options.url, kind);
  const timeoutMs = options.timeoutMs ?? DEFAULT_EXTERNAL_TIMEOUT_MS;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const adapter = ADAPTERS[kind];
  return {
    kind,
    endpoint: `${endpoint.origin}${endpoint.pathname}`,
    async geocode(query, signal) {
      const body = await getJson(fetchImpl, adapter.url(endpoint, query), kind, timeoutMs, signal);
      return adapter.parse(body, query);
    },
  };
}
