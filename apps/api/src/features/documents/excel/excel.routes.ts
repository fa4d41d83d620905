import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_EXCEL_SUMMARY_REPORTS, ZExcelSummaryRequest, ZExcelSummaryStarted, ZReportExcelParams, ZVersionQuery } from '@riskatlas/domain';
import { authOf } from '../../../access/request-auth';
import type { AppDeps } from '../../../platform/app-deps';
import { idListBodyLimit } from '../../../platform/request-limits';
import { attachmentDisposition } from '../../files/index';
import { reportWorkbook, requestExcelSummary, type ExcelDeps } from './excel.service';
import { XLSX_CONTENT_TYPE } from './xlsx-cells';

/** Excel routes: one report as a workbook, and the Excel summary job of many reports. */
export function excelRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const services: ExcelDeps = { db: deps.database.db, jobs: deps.jobs, fileStore: deps.fileStore, sources: deps.gazetteer.sources, now: deps.now };
    const tags = ['reports'];
    // A summary names up to the limit of reports and as many sites; a little more room so that a
    // request a little too large is told the product's words rather than refused for its size.
    const bodyLimit = idListBodyLimit(4 * MAX_EXCEL_SUMMARY_REPORTS, deps.config.bodyLimit);

    app.get(
      '/reports/:id/excel',
      { schema: { tags, summary: 'One report as an Excel workbook: the site, the scores per methodology in their band colours with bounds and imputed flags, and the sources', params: ZReportExcelParams, querystring: ZVersionQuery } },
      async (request, reply) => {
        const download = await reportWorkbook(services, authOf(request), request.params.id);
        void reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', attachmentDisposition(download.filename)).header('cache-control', 'private, no-store');
        return reply.send(download.body);
      },
    );

    app.post(
      '/reports/excelsummary',
      {
        bodyLimit,
        config: { readOnlyAllowed: 'reads reports and writes only a file of the caller’s' },
        schema: {
          tags,
          summary: 'Start an Excel summary (one row per report, up to 20,000) of the reports named or the sites’ reports of a release; the file lands in File Downloads',
          querystring: ZVersionQuery,
          body: ZExcelSummaryRequest,
          response: { 200: ZExcelSummaryStarted },
        },
      },
      async (request) => requestExcelSummary(services, authOf(request), request.body),
    );
  };
}
