import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReportEmailRequest, ZReportEmailResponse, ZReportIdParams, ZReportMapImageParams, ZReportPdfQuery, ZVersionQuery, type MethodologyTypeId } from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { authOf } from '../../access/request-auth';
import { documentReport } from './document-report';
import type { DocumentDeps } from './documents-deps';
import { emailReport } from './email/report-email.service';
import { reportPdf } from './pdf/report-pdf.service';
import { reportMapImage } from './report-map-image/report-map-image';

/** The report's documents: its PDF, its server-drawn maps, and the e-mailed PDF. */
export function documentsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const services: DocumentDeps = { db: deps.database.db, gazetteer: deps.gazetteer, scoring: deps.scoring, mailer: deps.mailer, now: deps.now, fileStore: deps.fileStore };
  return async (app) => {
    const tags = ['documents'];

    app.get(
      '/reports/:id/pdf',
      { schema: { tags, summary: "The report's PDF (sections: a sum of section bits, default 233223; methodologies: '2,3', default all)", params: ZReportIdParams, querystring: ZReportPdfQuery } },
      async (request, reply) => {
        const { doc, fileName } = await reportPdf(services, authOf(request), { id: request.params.id, ...request.query });
        void reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store');
        return reply.send(doc);
      },
    );

    app.get(
      '/reports/:id/map/:methodologyType/:kind',
      { schema: { tags, summary: "A report map as a PNG: 'a' map A (Total Crime, site zoom 13), 'persons' or 'property' map B (county zoom 11)", params: ZReportMapImageParams, querystring: ZVersionQuery } },
      async (request, reply) => {
        const { id, methodologyType, kind } = request.params;
        const source = await documentReport(services.db, authOf(request), id, [methodologyType]);
        const png = await reportMapImage(services, source, methodologyType as MethodologyTypeId, kind);
        void reply.header('content-type', 'image/png').header('cache-control', 'private, max-age=3600');
        return reply.send(png);
      },
    );

    app.post(
      '/reports/email',
      {
        // Sending a report changes no data: read-only users may share what they may read.
        config: { readOnlyAllowed: 'e-mails a PDF of a report the caller may read and changes no data' },
        schema: { tags, summary: "E-mails the report's PDF to recipients separated by commas, semicolons or spaces", querystring: ZVersionQuery, body: ZReportEmailRequest, response: { 200: ZReportEmailResponse } },
      },
      async (request) => emailReport(services, authOf(request), request.body),
    );
  };
}
