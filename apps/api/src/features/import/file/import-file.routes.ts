import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_FILE_MAX_BYTES, ImportMessages, ZImportColumnsQuery, ZImportFileInfo } from '@riskatlas/domain';
import type { AppDeps } from '../../../platform/app-deps';
import { acceptOneFile, answerUpload, uploadedFile } from '../../../platform/files/multipart-upload';
import { authOf } from '../../../access/request-auth';
import { refusal } from './file-kind';
import { importFileColumns, uploadImportFile, type ImportFileDeps } from './import-file.service';

const tags = ['import'];

/** sites/import/file: upload the file to import, and read its columns for the mapping step. */
export function importFileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const services: ImportFileDeps = { db: deps.database.db, fileStore: deps.fileStore, now: deps.now };
  return async (app) => {
    // Multipart only in this plugin's scope: one file of at most IMPORT_FILE_MAX_BYTES, no other fields.
    await acceptOneFile(app, IMPORT_FILE_MAX_BYTES);

    app.post(
      '/sites/import/file/upload',
      {
        config: { write: true },
        schema: {
          tags,
          summary: "Uploads the file to import (multipart 'file': CSV or TXT in UTF-8, UTF-16 or Windows-1252 with any usual delimiter, or XLSX; at most 50 MB); it replaces the caller's previous file",
          response: { 200: ZImportFileInfo },
        },
      },
      async (request, reply) => {
        const readUpload = () => uploadedFile(request, () => refusal(ImportMessages.fileTooLarge(IMPORT_FILE_MAX_BYTES)));
        return answerUpload(request, reply, () => uploadImportFile(services, authOf(request), request.ip, readUpload));
      },
    );

    app.get(
      '/sites/import/file/columns',
      { schema: { tags, summary: "The caller's uploaded file: its columns, examples, warnings and suggested mapping (404: no file)", querystring: ZImportColumnsQuery, response: { 200: ZImportFileInfo } } },
      async (request) => importFileColumns(services, authOf(request), request.query.hasHeader),
    );
  };
}
