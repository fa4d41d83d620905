import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode, ERROR_HTTP_STATUS, Messages, fieldIssueMessage, type TErrorBody } from '@riskatlas/domain';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

/** Turns a validation issue path into the field name a user can act on. */
function fieldName(path: string, property: string | undefined): string {
  const cleaned = path.replace(/^\//, '').replace(/\//g, '.');
  return cleaned || property || 'body';
}

/** A validator's detail as a sentence of its own: capitalised, ending with a full stop. */
function asSentence(detail: string | undefined): string {
  const text = detail?.trim();
  if (!text) return '';
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * The one central error handler: AppError → its code and status; schema validation → 400 naming
 * the field; malformed JSON → 400; oversized body → 413; anything else → 500 with a plain message
 * (internals only in the log).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let status: number;
    let body: TErrorBody;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { code: error.code, message: error.message };
      if (error.field) body.field = error.field;
      if (error.details) body.details = error.details;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = error.validationContext ?? 'body';
      const field = fieldName(first?.instancePath ?? '', undefined);
      status = 400;
      const label = where === 'body' ? field : `${field} (${where})`;
      body = {
        code: ErrorCode.ValidationFailed,
        message: `${fieldIssueMessage(label)} ${asSentence(first?.message)}`.trim(),
        field,
      };
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      status = 413;
      body = { code: ErrorCode.PayloadTooLarge, message: Messages.payloadTooLarge };
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP')) {
      status = 400;
      body = { code: ErrorCode.BadRequest, message: 'The request body is not valid JSON. Please send a JSON object.', field: 'body' };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { code: ErrorCode.RateLimited, message: Messages.rateLimited };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { code: ErrorCode.BadRequest, message: error.message };
    } else {
      status = 500;
      body = { code: ErrorCode.Internal, message: Messages.internal };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, field: body.field }, 'request refused');
    void reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(ERROR_HTTP_STATUS.NOT_FOUND).send({ code: ErrorCode.NotFound, message: Messages.notFound });
  });
}
