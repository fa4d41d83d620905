import { ExternalGeocoderError, type ExternalGeocoderKind, type FetchLike } from './types';

/** Identifies the product to geocoding servers (Nominatim's usage policy asks for it). */
const USER_AGENT = 'RiskAtlas/1.0 (site geocoding)';

/**
 * GET a JSON document with a time-out. Every failure becomes an ExternalGeocoderError saying
 * why, so the caller can fall back and log one line.
 */
export async function getJson(
  fetchImpl: FetchLike,
  url: string,
  kind: ExternalGeocoderKind,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Awaited<ReturnType<FetchLike>>;
  try {
    response = await fetchImpl(url, { signal: combined, headers: { accept: 'application/json', 'user-agent': USER_AGENT } });
  } catch (error) {
    if (timeout.aborted) throw new ExternalGeocoderError(`${kind} geocoder did not answer within ${timeoutMs} ms`, kind, 'timeout', { cause: error });
    throw new ExternalGeocoderError(`${kind} geocoder could not be reached`, kind, 'network', { cause: error });
  }
  if (!response.ok) throw new ExternalGeocoderError(`${kind} geocoder answered HTTP ${response.status}`, kind, 'status');
  try {
    return await response.json();
  } catch (error) {
    if (timeout.aborted) throw new ExternalGeocoderError(`${kind} geocoder did not answer within ${timeoutMs} ms`, kind, 'timeout', { cause: error });
    throw new ExternalGeocoderError(`${kind} geocoder sent a body that is not JSON`, kind, 'body', { cause: error });
  }
}

/** The configured URL with `path` as its path (keeping its query string, e.g. an API key) and `params` added. */
export function withParams(endpoint: URL, params: Record<string, string | number | undefined>): string {
  const url = new URL(endpoint.href);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    url.searchParams.set(key, String(value));
  }
  return url.href;
}
