import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZFileDeleteResult, ZFileDownloadList, ZFileIdsBody, ZFileListQuery, ZFilePathParams } from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { authOf } from '../../access/request-auth';
import { attachmentDisposition } from './content-disposition';
import { deleteFiles, listFiles, openFile } from './files.service';

const tags = ['files'];

/** users/files (File Downloads): list, download and delete downloadable files. */
export function filesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return async (app) => {
    app.get(
      '/users/files',
      { schema: { tags, summary: 'Downloadable files, newest first', querystring: ZFileListQuery, response: { 200: ZFileDownloadList } } },
      async (request) => listFiles(db, authOf(request), { all: request.query.all }),
    );

    app.get(
      '/users/files/:objectID',
      {
        schema: {
          tags,
          summary: 'Downloads a file (attachment)',
          params: ZFilePathParams,
        },
      },
      async (request, reply) => {
        const { row, stream } = await openFile(db, deps.fileStore, authOf(request), request.params.objectID);
        void reply
          .header('content-type', row.contentType)
          .header('content-disposition', attachmentDisposition(row.filename))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff');
        if (row.size > 0) void reply.header('content-length', String(row.size));
        return reply.send(stream);
      },
    );

    app.post(
      '/users/files/delete',
      { config: { write: true }, schema: { tags, summary: 'Deletes files (rows and stored bytes)', body: ZFileIdsBody, response: { 200: ZFileDeleteResult } } },
      async (request) => ({ count: await deleteFiles(db, deps.fileStore, authOf(request), request.body) }),
    );
  };
}
