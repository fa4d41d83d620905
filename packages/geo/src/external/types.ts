import type { CountryId } from '@riskatlas/domain';
import type { GeocodeCandidate } from '../geocode/types';

/** The external geocoder servers the product can ask (GEOCODER_KIND). */
export const EXTERNAL_GEOCODER_KINDS = ['nominatim', 'pelias', 'photon'] as const;
export type ExternalGeocoderKind = (typeof EXTERNAL_GEOCODER_KINDS)[number];

/** An address as it is sent to an external geocoder: already read and normalised. */
export interface ExternalAddressQuery {
  countryId: CountryId;
  /** '233 S Wacker Dr' (USPS style for US, PR, Canada). */
  street: string;
  houseNumber: string;
  streetName: string;
  city: string;
  /** The state / province / nation's full name when recognised ('Illinois'), else the text given. */
  state: string;
  /** Its code when recognised ('IL', 'ON', 'ENG', INEGI '09'), else ''. */
  stateCode: string;
  /** Formatted postal code ('60606-1234', 'M5V 3L9'), '' when none fits the country. */
  postalCode: string;
}

/** An address-level geocoder on another server. */
export interface AddressGeocoder {
  readonly kind: ExternalGeocoderKind;
  /** The search endpoint it calls (no query string). */
  readonly endpoint: string;
  /**
   * Candidates in the query's country only, best first. Rejects with ExternalGeocoderError on a
   * network error, a non-2xx answer, an unreadable body or the time-out.
   */
  geocode(query: ExternalAddressQuery, signal?: AbortSignal): Promise<GeocodeCandidate[]>;
}

/** The external geocoder failed (network, status, body, time-out); the embedded one takes over. */
export class ExternalGeocoderError extends Error {
  constructor(
    message: string,
    readonly kind: ExternalGeocoderKind,
    readonly reason: 'network' | 'status' | 'body' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ExternalGeocoderError';
  }
}

/** The fetch the adapters use (injectable for tests); the global fetch by default. */
export type FetchLike = (input: string, init?: { signal?: AbortSignal; headers?: Record<string, string> }) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;
