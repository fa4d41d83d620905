import { z } from 'zod';

/**
 * Stable error codes of the API. Each maps to one HTTP status on the server; the client reads the
 * code and shows the message the server sent (the product's fixed wording where there is one).
 */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  ValidationFailed: 'VALIDATION_FAILED',
  Unauthenticated: 'UNAUTHENTICATED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  AccountLocked: 'ACCOUNT_LOCKED',
  CsrfFailed: 'CSRF_FAILED',
  Forbidden: 'FORBIDDEN',
  ReadOnly: 'READ_ONLY',
  /** The account is under maintenance: its users can neither sign in nor use the API until it ends. */
  AccountMaintenance: 'ACCOUNT_MAINTENANCE',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  RateLimited: 'RATE_LIMITED',
  InsufficientLicenses: 'INSUFFICIENT_LICENSES',
  Internal: 'INTERNAL',
  Unavailable: 'UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status for each error code. */
export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 429,
  CSRF_FAILED: 403,
  FORBIDDEN: 403,
  READ_ONLY: 403,
  ACCOUNT_MAINTENANCE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INSUFFICIENT_LICENSES: 402,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** The body of every error response. */
export const ZErrorBody = z.object({
  code: z.string().describe('Stable error code, one of ErrorCode'),
  message: z.string().describe('A sentence for the user; for 5xx it never carries internals'),
  field: z.string().optional().describe('The request field at fault, when one is'),
  details: z.record(z.string(), z.unknown()).optional().describe('Machine-readable extras'),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
