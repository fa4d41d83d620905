import { ERROR_HTTP_STATUS, ErrorCode, Messages } from '@riskatlas/domain';

/**
 * The one error type of the API: a stable code (mapped to an HTTP status), a message for the user,
 * and optionally the request field at fault. The central handler turns it into the error body.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: { field?: string; details?: Record<string, unknown>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.details = options.details;
  }

  /** The HTTP status for this error's code. */
  get statusCode(): number {
    return ERROR_HTTP_STATUS[this.code];
  }

  static notFound(message: string = Messages.notFound): AppError {
    return new AppError(ErrorCode.NotFound, message);
  }

  static forbidden(message: string = Messages.forbidden): AppError {
    return new AppError(ErrorCode.Forbidden, message);
  }

  static badRequest(message: string, field?: string): AppError {
    return new AppError(ErrorCode.BadRequest, message, field === undefined ? {} : { field });
  }

  static unauthenticated(message: string = Messages.notAuthenticated): AppError {
    return new AppError(ErrorCode.Unauthenticated, message);
  }
}
