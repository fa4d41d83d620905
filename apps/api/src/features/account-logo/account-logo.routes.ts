import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountLogoMessages, LOGO_MAX_BYTES, ZAccountLogoQuery, ZAccountLogoState, ZAccountLogoUpdateQuery } from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { acceptOneFile, answerUpload, uploadedFile } from '../../platform/files/multipart-upload';
import { AppError } from '../../lib/app-error';
import { authOf } from '../../access/request-auth';
import { deleteLogo, readLogo, updateLogo, type LogoDeps } from './account-logo.service';

const tags = ['account'];

/** account/logo: the company logo: read it, upload or delete it, and choose whether the web app shows it. */
export function accountLogoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const services: LogoDeps = { db: deps.database.db, fileStore: deps.fileStore, now: deps.now };
  return async (app) => {
    // Multipart only in this plugin's scope: one file of at most LOGO_MAX_BYTES, no other fields.
    await acceptOneFile(app, LOGO_MAX_BYTES);

    app.get(
      '/account/logo',
      { schema: { tags, summary: "The account's company logo (PNG or JPEG)", querystring: ZAccountLogoQuery } },
      async (request, reply) => {
        const { contentType, bytes } = await readLogo(services, authOf(request), request.query.accountId);
        return reply.header('content-type', contentType).header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff').send(bytes);
      },
    );

    app.post(
      '/account/logo',
      {
        config: { write: true },
        schema: {
          tags,
          summary: "Uploads the company logo (multipart 'file', PNG or JPEG, at most 204,800 bytes), sets useLogoOnWeb, or deletes it (deleteLogo=true)",
          querystring: ZAccountLogoUpdateQuery,
          response: { 200: ZAccountLogoState },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        return answerUpload(request, reply, async () => {
          if (request.query.deleteLogo) return deleteLogo(services, auth, request.ip);
          return updateLogo(services, auth, request.ip, { readUpload: () => uploadedFile(request, () => AppError.badRequest(AccountLogoMessages.tooLarge, 'file')), useLogoOnWeb: request.query.useLogoOnWeb });
        });
      },
    );
  };
}
