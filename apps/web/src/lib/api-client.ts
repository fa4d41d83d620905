import { ErrorCode, Messages, ZErrorBody } from '@riskatlas/domain';
import { APP_VERSION } from './app-version';
import { getCsrfToken } from './csrf';

/** The header the server checks on every cookie-authenticated write. */
const CSRF_HEADER = 'X-CSRF-Token';

/** Error codes the client itself produces (no response, or a response it cannot read). */
export const ClientErrorCode = {
  Network: 'NETWORK',
  BadResponse: 'BAD_RESPONSE',
  Aborted: 'ABORTED',
} as const;

const NETWORK_MESSAGE = 'The server could not be reached. Please check your connection and try again.';
const BAD_RESPONSE_MESSAGE = 'The server sent a response this version of the app cannot read. Please reload the page.';

/** A failed API call: the server's error code and message (shown to the user as is), the HTTP status and the field at fault. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(init: { code: string; message: string; status: number; field?: string | undefined; details?: Record<string, unknown> | undefined }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.field = init.field;
    this.details = init.details;
  }

  /** True for failures where the server answered 5xx or never answered: worth a retry. */
  get isTransient(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

/** Why an authenticated call found the session unusable. */
type SessionProblem = 'unauthenticated' | 'csrf' | 'maintenance';

type SessionProblemHandler = (problem: SessionProblem) => void;
let sessionProblemHandler: SessionProblemHandler | null = null;

/**
 * Registers what happens when an authenticated call is refused for its session (401, a CSRF
 * failure, the account under maintenance): the app signs the user out to the Sign In page. One
 * handler; the app sets it at start.
 */
export function setSessionProblemHandler(handler: SessionProblemHandler | null): void {
  sessionProblemHandler = handler;
}

/** Reports a refused session found by a call that handles its own errors (the start-up user check). */
export function reportSessionProblem(problem: SessionProblem): void {
  sessionProblemHandler?.(problem);
}

type QueryValue = string | number | boolean | null | undefined;

/**
 * The URL of an API path with the version parameter, which every request carries.
 * `path` is relative to /api, e.g. 'users/files/12'.
 */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(name, String(value));
  }
  params.set('v', APP_VERSION);
  return `/api/${path.replace(/^\/+/, '')}?${params.toString()}`;
}

/** What apiFetch needs of a contract schema: zod schemas satisfy it. */
interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a FormData is sent as multipart/form-data. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** The contract schema of the response (a zod schema from @riskatlas/domain); the parsed value is returned. */
  schema?: ResponseSchema<T>;
  /**
   * False for calls that work without a session (sign-in, password reset, the session check):
   * their 401 is an answer for the caller, not a reason to leave the page.
   */
  authenticated?: boolean;
}

function isWrite(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFromResponse(status: number, body: unknown): ApiError {
  const parsed = ZErrorBody.safeParse(body);
  if (parsed.success) {
    return new ApiError({ ...parsed.data, status });
  }
  // A body that is not ours (a proxy's error page, a crash): fall back to a plain sentence.
  if (status === 401) return new ApiError({ code: ErrorCode.Unauthenticated, message: Messages.sessionExpired, status });
  if (status === 403) return new ApiError({ code: ErrorCode.Forbidden, message: Messages.forbidden, status });
  if (status === 404) return new ApiError({ code: ErrorCode.NotFound, message: Messages.notFound, status });
  if (status === 429) return new ApiError({ code: ErrorCode.RateLimited, message: Messages.rateLimited, status });
  return new ApiError({ code: status >= 500 ? ErrorCode.Internal : ErrorCode.BadRequest, message: Messages.internal, status });
}

/**
 * Sends one request and returns the successful response, unread. Every failure becomes an
 * ApiError here, whatever the successful answer's format: no answer, or an error answer (JSON
 * from our server), which on an authenticated call also reports a refused session.
 */
async function send(path: string, request: Omit<ApiRequest<unknown>, 'schema'>, method: string, accept: string): Promise<Response> {
  const authenticated = request.authenticated ?? true;
  const headers: Record<string, string> = { Accept: accept };
  const multipart = request.body instanceof FormData;
  if (request.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (isWrite(method)) {
    const token = getCsrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, request.query), {
      method,
      credentials: 'same-origin',
      headers,
      body: request.body === undefined ? null : multipart ? (request.body as FormData) : JSON.stringify(request.body),
      signal: request.signal ?? null,
    });
  } catch (cause) {
    if (request.signal?.aborted) {
      throw new ApiError({ code: ClientErrorCode.Aborted, message: 'The request was cancelled.', status: 0 });
    }
    void cause;
    throw new ApiError({ code: ClientErrorCode.Network, message: NETWORK_MESSAGE, status: 0 });
  }

  if (response.ok) return response;
  const error = errorFromResponse(response.status, await readBody(response));
  if (authenticated) {
    if (response.status === 401) reportSessionProblem('unauthenticated');
    else if (error.code === ErrorCode.CsrfFailed) reportSessionProblem('csrf');
    else if (error.code === ErrorCode.AccountMaintenance) reportSessionProblem('maintenance');
  }
  throw error;
}

/**
 * Calls the API: same-origin credentials (the HttpOnly session cookie), JSON in and out, the
 * version parameter, and the CSRF header on writes. Failures throw ApiError carrying the server's
 * code and message; a refused session on an authenticated call also triggers the sign-out handler.
 */
export async function apiFetch<T = unknown>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  const response = await send(path, request, method, 'application/json');
  const body = await readBody(response);
  if (!request.schema) return body as T;
  try {
    return request.schema.parse(body);
  } catch (cause) {
    // The contract is shared, so this means client and server builds differ.
    console.error(`Unexpected response from ${method} /api/${path}`, cause);
    throw new ApiError({ code: ClientErrorCode.BadResponse, message: BAD_RESPONSE_MESSAGE, status: response.status });
  }
}

/** A GET whose answer is binary. */
export interface BytesRequest {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal | undefined;
  /** The Accept header: the binary media types the caller reads (application/octet-stream by default). */
  accept?: string;
}

/**
 * GETs a binary answer (e.g. the packed site list of GET m/sites) as bytes, with everything else
 * as apiFetch: credentials, version parameter, ApiError from the server's JSON error body, and a
 * refused session signs the user out like every other authenticated call.
 */
export async function apiFetchBytes(path: string, request: BytesRequest = {}): Promise<Uint8Array> {
  const response = await send(path, { query: request.query, signal: request.signal }, 'GET', request.accept ?? 'application/octet-stream');
  return new Uint8Array(await response.arrayBuffer());
}

/** True when an error is an ApiError with the given code. */
export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** The sentence to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return Messages.internal;
}

/**
 * POSTs one file as multipart/form-data (field `file`), with everything else as apiFetch: the
 * version parameter, credentials, the CSRF header, ApiError from the server's JSON error body, a
 * refused session signs the user out.
 */
export async function apiUpload<T>(path: string, file: Blob & { name?: string }, request: { query?: Record<string, QueryValue>; schema: ResponseSchema<T>; signal?: AbortSignal | undefined }): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name ?? 'upload');
  return apiFetch(path, { method: 'POST', body: form, query: request.query, schema: request.schema, signal: request.signal });
}
