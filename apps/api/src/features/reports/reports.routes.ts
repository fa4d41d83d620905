import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_DOWNLOAD_REPORTS,
  ZCreateReportQuery,
  ZCreateReportRequest,
  ZDeleteReportsQuery,
  ZDeleteReportsRequest,
  ZDeleteReportsResponse,
  ZReport,
  ZReportCountsResponse,
  ZReportCountsRequest,
  ZReportIdsRequest,
  ZReportList,
  ZReportSummaryInfoResponse,
  ZSiteIdParams,
  ZUpgradeReportsRequest,
  ZUpgradeReportsResponse,
  ZUpgradeSingleReportRequest,
  ZValidateMethodologiesRequest,
  ZValidateMethodologiesResponse,
  ZVersionQuery,
} from '@riskatlas/domain';
import type { AppDeps } from '../../platform/app-deps';
import { idListBodyLimit } from '../../platform/request-limits';
import { authOf } from '../../access/request-auth';
import { appGeocoder } from '../geo/index';
import { batchRoutes } from './batch.routes';
import { reportCounts, reportSummaryInfo } from './report-counts.service';
import { deleteReportsFor } from './report-delete.service';
import { upgradeReportsInBulk, upgradeSingleReport } from './report-upgrade.service';
import { createReport, lastCreatedForUser, latestReport, siteReports, validateMethodologiesFor, type ReportServiceDeps } from './reports.service';

/** Report routes. */
export function reportsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const geocode = appGeocoder(deps, app.log);
    const services: ReportServiceDeps = {
      db: deps.database.db,
      gazetteer: deps.gazetteer,
      scoring: deps.scoring,
      geocode,
      mailer: deps.mailer,
      now: deps.now,
      publicUrl: deps.config.publicUrl,
      onMailError: (error) => app.log.error({ err: error }, 'report e-mail not sent'),
    };
    const tags = ['reports'];
    // An upgrade or a download names up to MAX_DOWNLOAD_REPORTS reports; a deletion as many reports
    // and as many sites. Counts take twice that, so that a download a little too large is told its
    // count rather than refused for its size.
    const reportIdsBodyLimit = idListBodyLimit(MAX_DOWNLOAD_REPORTS, deps.config.bodyLimit);
    const twoReportListsBodyLimit = idListBodyLimit(2 * MAX_DOWNLOAD_REPORTS, deps.config.bodyLimit);
    const readsOnly = { readOnlyAllowed: 'reads reports and changes nothing' };
    await app.register(batchRoutes(deps));

    app.post(
      '/reports',
      {
        config: { write: true },
        schema: {
          tags,
          summary: 'Create a report for an existing site (siteId) or for a new site from the payload; consumes the report type, add-on and backdate licences',
          querystring: ZCreateReportQuery,
          body: ZCreateReportRequest,
          response: { 200: ZReport },
        },
      },
      async (request) => createReport(services, authOf(request), request.body, request.query),
    );

    app.get(
      '/reports/lastcreatedforuser',
      { schema: { tags, summary: "The caller's newest report in the acting account, or null", querystring: ZVersionQuery, response: { 200: ZReport.nullable() } } },
      async (request) => lastCreatedForUser(services, authOf(request)),
    );

    app.get(
      '/reports/:siteId',
      { schema: { tags, summary: 'Every report of a site the caller can see, newest first', params: ZSiteIdParams, querystring: ZVersionQuery, response: { 200: ZReportList } } },
      async (request) => siteReports(services, authOf(request), request.params.siteId),
    );

    app.get(
      '/reports/:siteId/latest',
      {
        schema: {
          tags,
          summary: "The site's latest report (highest release year, then newest), or null",
          params: ZSiteIdParams,
          querystring: ZVersionQuery,
          response: { 200: ZReport.nullable() },
        },
      },
      async (request) => latestReport(services, authOf(request), request.params.siteId),
    );

    app.post(
      '/reports/validatemethodologies',
      {
        config: readsOnly,
        schema: {
          tags,
          summary: 'Check the methodologies of a report type for the caller (empty list: the account defaults)',
          body: ZValidateMethodologiesRequest,
          response: { 200: ZValidateMethodologiesResponse },
        },
      },
      async (request) => validateMethodologiesFor(authOf(request), request.body),
    );

    app.post(
      '/reports/upgrade',
      {
        bodyLimit: reportIdsBodyLimit,
        config: { write: true },
        schema: {
          tags,
          summary: 'Upgrade reports of one type and the same methodologies (several at once: provider staff only)',
          querystring: ZVersionQuery,
          body: ZUpgradeReportsRequest,
          response: { 200: ZUpgradeReportsResponse },
        },
      },
      async (request) => upgradeReportsInBulk(services, authOf(request), request.body),
    );

    app.post(
      '/reports/upgrade/single',
      {
        config: { write: true },
        schema: {
          tags,
          summary: "Upgrade one report (the Create Report wizard's upgrade mode); answers the upgraded report",
          querystring: ZVersionQuery,
          body: ZUpgradeSingleReportRequest,
          response: { 200: ZReport },
        },
      },
      async (request) => upgradeSingleReport(services, authOf(request), request.body),
    );

    app.post(
      '/reports/delete',
      {
        bodyLimit: twoReportListsBodyLimit,
        config: { write: true, admin: true },
        schema: {
          tags,
          summary: 'Delete reports by id and every report of the sites named (administrators and provider staff); the reason is audited',
          querystring: ZDeleteReportsQuery.extend(ZVersionQuery.shape),
          body: ZDeleteReportsRequest,
          response: { 200: ZDeleteReportsResponse },
        },
      },
      async (request) => deleteReportsFor(services, authOf(request), request.body, request.query, request.ip),
    );

    app.post(
      '/reports/counts',
      {
        bodyLimit: twoReportListsBodyLimit,
        config: readsOnly,
        schema: {
          tags,
          summary: 'Counts of the reports of a download (reports named, sites of a release, or the account’s data for administrators): per type, country, release, methodology and feature',
          querystring: ZVersionQuery,
          body: ZReportCountsRequest,
          response: { 200: ZReportCountsResponse },
        },
      },
      async (request) => reportCounts(services.db, authOf(request), request.body),
    );

    app.post(
      '/reports/summaryinfo',
      {
        bodyLimit: twoReportListsBodyLimit,
        config: readsOnly,
        schema: {
          tags,
          summary: "One summary line per report of a download (the download wizard's summary step)",
          querystring: ZVersionQuery,
          body: ZReportIdsRequest,
          response: { 200: ZReportSummaryInfoResponse },
        },
      },
      async (request) => reportSummaryInfo(services.db, authOf(request), request.body.accountProductReportIds),
    );
  };
}
