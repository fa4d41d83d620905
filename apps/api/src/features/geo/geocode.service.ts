import { Messages, parseCountryCode, roundCoordinate, type TGeocodeCandidate, type TGeocodeRequest, type TGeocodeResponse } from '@riskatlas/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createGeocoder, UnknownCountryError, type AddressInput, type Gazetteer, type GeocodeCandidate, type GeocodeOptions, type GeocodeResult } from '@riskatlas/geo';
import type { AppDeps } from '../../platform/app-deps';
import { AppError } from '../../lib/app-error';

/** Forward geocoding as the API uses it: the composed geocoder (external first when configured, embedded fallback). */
export type GeocodeFn = (address: AddressInput, options?: GeocodeOptions) => Promise<GeocodeResult>;

/** Where the composed geocoder says that the external service failed: a route's log, or a job's. */
export type GeocoderLog = Pick<FastifyBaseLogger, 'warn'> | { warn(details: { err: unknown }, message: string): void };

/**
 * The composed geocoder every route uses (sites/geocode, POST sites, POST reports): the external
 * service first when configured, the embedded gazetteer as the fallback. When the external one
 * fails the embedded one answers instead, and the log says why.
 */
export function appGeocoder(deps: Pick<AppDeps, 'config' | 'gazetteer'>, log: GeocoderLog): GeocodeFn {
  const { url, kind, timeoutMs } = deps.config.geocoder;
  const geocoder = createGeocoder(deps.gazetteer, {
    ...(url ? { externalUrl: url, timeoutMs, ...(kind ? { kind } : {}) } : {}),
    onExternalError: (error) => log.warn({ err: error }, 'external geocoder failed'),
  });
  return (address, options) => geocoder.geocode(address, options);
}

/** A candidate in the API's Geocode candidate shape, coordinates kept to 7 decimals. */
export function presentCandidate(candidate: GeocodeCandidate): TGeocodeCandidate {
  return {
    Street: candidate.street,
    City: candidate.city,
    State: candidate.state,
    PostalCode: candidate.postalCode,
    Country: candidate.countryCode,
    Coordinates: { Latitude: roundCoordinate(candidate.latitude), Longitude: roundCoordinate(candidate.longitude) },
    precision: candidate.precision,
    confidence: candidate.confidence,
    countryId: candidate.countryId,
    county: candidate.admin2Name || null,
  };
}

/**
 * POST sites/geocode: candidates for an address, best first. With checkIsScorable, candidates
 * outside every covered country's boundary are dropped; acceptFirstCandidate keeps only the best.
 * No candidate left is not an error (the wizard alerts and stays on its step): the answer is an
 * empty list with the product's geocode-failure message.
 */
export async function geocodeRequest(
  deps: { gazetteer: Gazetteer; geocode: GeocodeFn },
  address: TGeocodeRequest,
  flags: { checkIsScorable?: boolean; acceptFirstCandidate?: boolean },
): Promise<TGeocodeResponse> {
  // The schema already refused unknown codes; this keeps the service safe for other callers.
  if (parseCountryCode(address.countryCode) === undefined) throw AppError.badRequest(`Unknown country code '${address.countryCode}'.`, 'countryCode');
  let result: GeocodeResult;
  try {
    result = await deps.geocode(
      { street: address.street, street2: address.street2, city: address.city, state: address.state, zipCode: address.zipCode, countryCode: address.countryCode },
      // The scorability filter may drop the best candidate, so trim to one only after it.
      { acceptFirstCandidate: flags.acceptFirstCandidate && !flags.checkIsScorable },
    );
  } catch (error) {
    if (error instanceof UnknownCountryError) throw AppError.badRequest(error.message, 'countryCode');
    throw error;
  }
  let candidates = result.candidates;
  if (flags.checkIsScorable) candidates = candidates.filter((candidate) => deps.gazetteer.countryAt(candidate.latitude, candidate.longitude) !== undefined);
  if (flags.acceptFirstCandidate) candidates = candidates.slice(0, 1);
  const presented = candidates.map(presentCandidate);
  return presented.length > 0 ? { candidates: presented } : { candidates: [], message: Messages.geocodeFailed };
}
