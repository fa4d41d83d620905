import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountLogoMessages, LOGO_MAX_BYTES, ZAccountLogoQuery, ZAccountLogoState, ZAccountLogoUpdateQuery } from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { AppError } from '../../lib/app-error';
import { authOf } from '../../access/request-auth';
import { deleteLogo, readLogo, updateLogo, type LogoDeps, type LogoUpload } from './account-logo.service';

const tags = ['account'];

/** The multipart 'file' of a logo upload; undefined when the request carries no file. */
async function logoPart(request: FastifyRequest): Promise<LogoUpload | undefined> {
  if (!request.isMultipart()) return undefined;
  const part = await request.file();
  if (!part) return undefined;
  try {
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw AppError.badRequest(AccountLogoMessages.tooLarge, 'file');
    throw error;
  }
}

/** account/logo: the company logo: read it, upload or delete it, and choose whether the web app shows it. */
export function accountLogoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const services: LogoDeps = { db: deps.database.db, fileStore: deps.fileStore, now: deps.now };
  return async (app) => {
    // Multipart only in this plugin's scope: one file of at most LOGO_MAX_BYTES, no other fields.
    await app.register(multipart, { limits: { files: 1, fileSize: LOGO_MAX_BYTES, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 100 } });

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
        try {
          if (request.query.deleteLogo) return await deleteLogo(services, auth, request.ip);
          return await updateLogo(services, auth, request.ip, { readUpload: () => logoPart(request), useLogoOnWeb: request.query.useLogoOnWeb });
        } catch (error) {
          // A refused upload may leave most of its body unread: close the connection after the
          // answer rather than read and throw away what the client still sends.
          if (request.isMultipart()) void reply.header('connection', 'close');
          throw error;
        }
      },
    );
  };
}
