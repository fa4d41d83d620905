import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode, ERROR_HTTP_STATUS, Messages, validationIssueMessage, type TErrorBody } from '@riskatlas/domain';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

/** What the whole of each validated part of a request is called when an issue concerns all of it. */
const WHOLE_PART_LABEL: Record<string, string> = {
  body: 'The request body',
  querystring: 'The query string',
  params: 'The address',
  headers: 'The request headers',
};

/** A validation issue's path as a list: '/siteIds/3' → ['siteIds', 3]. */
function issuePath(instancePath: string): (string | number)[] {
  return instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * The one central error handler: AppError → its code and status; schema validation → 400 with one
 * plain sentence naming the field, and the field's path; malformed JSON → 400; oversized body →
 * 413; anything else → 500 with a plain message (internals only in the log).
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
      // One issue, in one sentence: the first is what the user fixes first, and the schemas word
      // every field's issue with its label; issues worded by the validator itself get a sentence
      // made from the issue that names the field.
      const first = error.validation[0]!;
      const where = error.validationContext ?? 'body';
      const path = issuePath(first.instancePath);
      const part: Record<string, unknown> = { body: request.body, querystring: request.query, params: request.params, headers: request.headers };
      status = 400;
      body = {
        code: ErrorCode.ValidationFailed,
        message: validationIssueMessage({ ...first.params, code: first.keyword, path, message: first.message ?? '' }, WHOLE_PART_LABEL[where] ?? 'The request', part[where]),
        field: path.length > 0 ? path.join('.') : where,
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
