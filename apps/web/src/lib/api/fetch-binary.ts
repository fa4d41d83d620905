import { ErrorCode, Messages, ZErrorBody } from '@riskatlas/domain';
import { ApiError, ClientErrorCode, apiUrl } from '../api-client';

type QueryValue = string | number | boolean | null | undefined;

/**
 * GETs a binary answer (e.g. the packed site list of GET m/sites) as bytes: same-origin
 * credentials and the version parameter like apiFetch. A refused answer throws ApiError with the
 * server's code and message, read from its JSON error body.
 *
 * Unlike apiFetch it does not call the app's session-problem handler on a 401 (that handler is
 * private to api-client); the session monitor's next check signs the user out instead.
 */
export async function fetchBinary(path: string, options: { query?: Record<string, QueryValue>; signal?: AbortSignal | undefined; accept?: string } = {}): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: options.accept ?? 'application/octet-stream' },
      signal: options.signal ?? null,
    });
  } catch {
    if (options.signal?.aborted) throw new ApiError({ code: ClientErrorCode.Aborted, message: 'The request was cancelled.', status: 0 });
    throw new ApiError({ code: ClientErrorCode.Network, message: 'The server could not be reached. Please check your connection and try again.', status: 0 });
  }
  if (response.ok) return new Uint8Array(await response.arrayBuffer());
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  const parsed = ZErrorBody.safeParse(body);
  if (parsed.success) throw new ApiError({ ...parsed.data, status: response.status });
  if (response.status === 401) throw new ApiError({ code: ErrorCode.Unauthenticated, message: Messages.sessionExpired, status: 401 });
  if (response.status === 403) throw new ApiError({ code: ErrorCode.Forbidden, message: Messages.forbidden, status: 403 });
  throw new ApiError({ code: response.status >= 500 ? ErrorCode.Internal : ErrorCode.BadRequest, message: Messages.internal, status: response.status });
}
