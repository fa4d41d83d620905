import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_DOWNLOAD_REPORTS, ZBulkDownloadRequest, ZBulkDownloadStarted, ZVersionQuery } from '@riskatlas/domain';
import { authOf } from '../../../access/request-auth';
import type { AppDeps } from '../../../platform/app-deps';
import { idListBodyLimit } from '../../../platform/request-limits';
import { requestReportArchive, type ArchiveDeps } from './archive.service';

/** The report archive: POST reports/bulkdownload starts the job that zips the reports' documents. */
export function archiveRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const services: ArchiveDeps = { db: deps.database.db, jobs: deps.jobs, fileStore: deps.fileStore, now: deps.now };
    // A download names up to the limit of reports and as many sites; a little more room so that a
    // request a little too large is told the product's words rather than refused for its size.
    const bodyLimit = idListBodyLimit(4 * MAX_DOWNLOAD_REPORTS, deps.config.bodyLimit);

    app.post(
      '/reports/bulkdownload',
      {
        bodyLimit,
        config: { readOnlyAllowed: 'reads reports and writes only a file of the caller’s' },
        schema: {
          tags: ['reports'],
          summary: 'Start a report archive (a zip of PDFs and/or Excel workbooks, up to 100,000 reports) of the reports named, the sites’ reports of a release, or the account’s data; the file lands in File Downloads and an e-mail follows',
          querystring: ZVersionQuery,
          body: ZBulkDownloadRequest,
          response: { 200: ZBulkDownloadStarted },
        },
      },
      async (request) => requestReportArchive(services, authOf(request), request.body),
    );
  };
}
