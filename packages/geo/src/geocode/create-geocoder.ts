import type { Gazetteer } from '../gazetteer/types';
import { createAddressGeocoder } from '../external/create-address-geocoder';
import type { AddressGeocoder, ExternalAddressQuery, ExternalGeocoderKind, FetchLike } from '../external/types';
import { haversineMeters } from '../spatial/distance';
import { embeddedCandidates, sortCandidates, trimCandidates } from './geocode-address';
import { roundConfidence } from './format';
import { splitHouseNumber } from './normalize';
import { parseAddress, type ParsedAddress } from './parse-address';
import { meetsAddressRequirement } from '@riskatlas/domain';
import type { AddressInput, GeocodeCandidate, GeocodeOptions, GeocodeResult } from './types';

/** Options of the product's geocoder. */
export interface GeocoderOptions {
  /** GEOCODER_URL: a Nominatim, Pelias or Photon server asked first for address-level matches. */
  externalUrl?: string;
  /** GEOCODER_KIND: nominatim | pelias | photon (detected from the URL when omitted). */
  kind?: ExternalGeocoderKind | string;
  /** Time-out of the external geocoder (default 3 s), after which the embedded one answers. */
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Told of each external failure (time-out, error status, network), for the server log. */
  onExternalError?: (error: unknown) => void;
}

/** The geocoder the API uses. */
export interface Geocoder {
  /** The external address-level geocoder, when one is configured. */
  readonly external: AddressGeocoder | undefined;
  /**
   * Candidates for an address, best first. With an external geocoder and a street line, ADDRESS
   * matches come from it; on its error, time-out or no address-level result — and always when
   * POSTCODE precision is allowed or forced — the embedded geocoder answers. Throws
   * UnknownCountryError for an unknown countryCode; never for the address's content.
   */
  geocode(address: AddressInput, options?: GeocodeOptions): Promise<GeocodeResult>;
  /** The embedded geocoder alone (synchronous): imports use it for postal-code-level runs. */
  geocodeEmbedded(address: AddressInput, options?: GeocodeOptions): GeocodeResult;
}

/** A postal area further than this from an external match means the match is doubtful. */
const POSTAL_DISAGREES_BEYOND_METERS = 30_000;

/** The address as the external geocoders are sent it. */
export function externalQueryOf(parsed: ParsedAddress): ExternalAddressQuery {
  const { houseNumber, streetName } = splitHouseNumber(parsed.street);
  return {
    countryId: parsed.countryId,
    street: parsed.street,
    houseNumber,
    streetName,
    city: parsed.city,
    // A county in a UK State field says nothing the server can use better than the postcode.
    state: parsed.region?.name ?? (parsed.countryId === 3 ? '' : parsed.stateText),
    stateCode: parsed.region?.code ?? '',
    postalCode: parsed.postal?.display ?? '',
  };
}

/** Fills what the external server left out (county, postal code, state code) from the gazetteer, and checks it against the postal code given. */
function enrich(gazetteer: Gazetteer, parsed: ParsedAddress, candidate: GeocodeCandidate): GeocodeCandidate {
  const out = { ...candidate };
  const near = gazetteer.nearestPostalArea(out.latitude, out.longitude, out.countryId)?.area;
  if (!out.postalCode && near) out.postalCode = near.code;
  if (!out.admin1Code && near) out.admin1Code = near.admin1Code;
  if (!out.admin2Name) {
    const county = out.countryId === 1 || out.countryId === 6 ? gazetteer.countyAt(out.latitude, out.longitude) : undefined;
    out.admin2Name = county?.name ?? near?.admin2Name ?? '';
  }
  const given = parsed.postal ? gazetteer.postalArea(parsed.countryId, parsed.postal.key) : undefined;
  if (given && haversineMeters(given.latitude, given.longitude, out.latitude, out.longitude) > POSTAL_DISAGREES_BEYOND_METERS) {
    out.confidence = roundConfidence(out.confidence - 0.3);
  }
  return out;
}

/**
 * The product's geocoder: an external address-level server first when GEOCODER_URL names one,
 * the embedded gazetteer geocoder otherwise and as the fallback.
 */
export function createGeocoder(gazetteer: Gazetteer, options: GeocoderOptions = {}): Geocoder {
  const external = options.externalUrl
    ? createAddressGeocoder({
        url: options.externalUrl,
        ...(options.kind ? { kind: options.kind } : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      })
    : undefined;
  const onError = options.onExternalError ?? (() => undefined);

  function embedded(parsed: ParsedAddress, geocodeOptions: GeocodeOptions): GeocodeResult {
    return { candidates: trimCandidates(embeddedCandidates(gazetteer, parsed), geocodeOptions) };
  }

  return {
    external,
    geocodeEmbedded(address, geocodeOptions = {}) {
      return embedded(parseAddress(address), geocodeOptions);
    },
    async geocode(address, geocodeOptions = {}) {
      const parsed = parseAddress(address);
      const zipLevel = geocodeOptions.allowZipLevelPrecision || geocodeOptions.forceZipLevelPrecision;
      if (!external || zipLevel || !parsed.street || !meetsAddressRequirement(parsed.countryId, parsed.present)) {
        return embedded(parsed, geocodeOptions);
      }
      let found: GeocodeCandidate[] = [];
      try {
        found = await external.geocode(externalQueryOf(parsed));
      } catch (error) {
        onError(error);
      }
      const addressLevel = found.filter((c) => c.precision === 'ADDRESS').map((c) => enrich(gazetteer, parsed, c));
      if (addressLevel.length === 0) return embedded(parsed, geocodeOptions);
      return { candidates: trimCandidates(sortCandidates(addressLevel), geocodeOptions) };
    },
  };
}
