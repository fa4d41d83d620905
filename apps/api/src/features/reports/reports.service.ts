import {
  ErrorCode,
  insufficientLicensesMessage,
  Messages,
  productName,
  ReportMessages,
  resolveReportMethodologies,
  type ReportType,
  type TCreateReportQuery,
  type TBatchShortfall,
  type TCreateReportRequest,
  type TReport,
  type TValidateMethodologiesRequest,
  type TValidateMethodologiesResponse,
} from '@riskatlas/domain';
import type { Gazetteer } from '@riskatlas/geo';
import type { ScoringEngine } from '@riskatlas/scoring';
import type { Db } from '../../db/client';
import type { ReportRow, SiteRow } from '../../db/schema/index';
import { siteScope, type SiteScope } from '../../access/site-scope';
import { AppError } from '../../lib/app-error';
import type { AuthContext, Caller } from '../../access/caller';
import type { GeocodeFn } from '../geo/index';
import { remainingLicenses, type LicenseItem } from '../licenses/index';
import type { Mailer } from '../../platform/mail/mailer';
import { findScopedSiteRow, findScopedSiteRows } from '../sites/index';
import { prepareNewSite } from '../sites/index';
import { reportLink, reportReadyMail } from './report-mail';
import { backdateFeeFor, methodologySettingsOf, resolveReportOrder, type ReportOrder, type ReportOrderInput } from './report-order';
import { presentReport } from './report.presenter';
import { isProvider } from '../../access/caller';
import { scoreReport } from './report-scoring';
import { draftReports, licenceItemsFor, writeReports, type ReportDraft } from './report-writer';
import { lastReportCreatedBy, latestSiteReport, listSiteReports } from './reports.repository';

/** What the report services use. */
export interface ReportServiceDeps {
  /** The database, or a transaction the work joins (the demo seeding's). */
  db: Db;
  gazetteer: Gazetteer;
  scoring: ScoringEngine;
  geocode: GeocodeFn;
  mailer: Mailer;
  now: () => Date;
  /** The app's address, for links in e-mails. */
  publicUrl: string;
  /** Told when the report e-mail cannot be sent: the report stands, the failure goes to the log. */
  onMailError?: (error: unknown) => void;
}

/**
 * POST reports/validatemethodologies: the methodologies a report of this type would use for this
 * caller — the requested ones, or the account defaults when none are named — checked against the
 * product's rules and the account's allowed methodologies. Provider staff and
 * impersonators need only one premium methodology.
 */
export function validateMethodologiesFor(auth: AuthContext, request: TValidateMethodologiesRequest): TValidateMethodologiesResponse {
  const result = resolveReportMethodologies(request.methodologyTypeIds, request.reportType, methodologySettingsOf(auth), { isProvider: isProvider(auth) });
  return result.ok
    ? { isValid: true, message: null, methodologyTypeIds: result.methodologyTypeIds }
    : { isValid: false, message: result.message, methodologyTypeIds: [] };
}

/** Sends the report-ready e-mail to the caller; a failure is handed to onMailError and never undoes the report. */
export async function mailReport(deps: Pick<ReportServiceDeps, 'mailer' | 'publicUrl' | 'onMailError'>, recipient: Pick<AuthContext['user'], 'email' | 'firstName'>, report: Pick<ReportRow, 'accountProductReportId' | 'siteId' | 'countryId' | 'reportType' | 'releaseYear' | 'summaryScores'>, siteName: string, event: 'created' | 'upgraded'): Promise<void> {
  const message = reportReadyMail({
    to: recipient.email,
    firstName: recipient.firstName,
    siteName,
    reportType: report.reportType as ReportType,
    releaseYear: report.releaseYear,
    countryId: report.countryId,
    summaryScores: report.summaryScores,
    link: reportLink(deps.publicUrl, report.siteId, report.accountProductReportId),
    event,
  });
  await deps.mailer.send(message).catch((error: unknown) => deps.onMailError?.(error));
}

/**
 * POST reports: a report for an existing site (siteId) or for a new site made from the
 * payload. Order of checks: rights, add-ons and methodologies (resolveReportOrder); the site (404
 * for another account's id; name, geocode, scorability and duplicates for a new one); the scores;
 * the backdating rule and fee. Then ONE transaction inserts the new site, the report and the
 * licence debit and updates the site's summary — a shortfall leaves no site and no report.
 */
export async function createReport(deps: ReportServiceDeps, auth: AuthContext, body: TCreateReportRequest, query: TCreateReportQuery): Promise<TReport> {
  const order = resolveReportOrder(auth, body);
  let draftSite: ReportDraft['site'];
  let existing: SiteRow | undefined;
  let point: { latitude: number; longitude: number; siteName: string };
  if (body.siteId) {
    existing = await siteOr404(deps, await siteScope(deps.db, auth), body.siteId);
    draftSite = { siteId: existing.siteId };
    point = existing;
  } else {
    const prepared = await prepareNewSite({ db: deps.db, gazetteer: deps.gazetteer, geocode: deps.geocode, now: deps.now }, auth, body, query);
    draftSite = { prepared };
    point = prepared;
  }
  const scored = scoreReport(deps, point.latitude, point.longitude, order.methodologyTypeIds, order.requestedRelease);
  if (!scored) throw AppError.badRequest(Messages.locationNotScorable, 'latitude');
  const feeProductId = backdateFeeFor(auth, order, scored.countryId, 1);
  const now = deps.now();
  // The written rows come back from the insert itself: nothing is read again.
  const written = await deps.db.transaction((tx) => writeReports(tx, auth, order, [{ site: draftSite, scored, feeProductId }], now, { returnRows: true }));
  const row = written.rows[0]!;
  const site = existing ?? written.newSites[0]!;
  if (query.sendReportEmail) await mailReport(deps, auth.user, row, point.siteName, 'created');
  return presentReport(row, site, auth);
}

/** Options of report creation for many sites. */
export interface CreateReportsOptions {
  /** Reports written per transaction (one multi-row insert each). */
  chunkSize?: number;
  /** Told after each chunk commits: how many reports exist so far (the batch job's progress). */
  onProgress?: (created: number, total: number) => void | Promise<void>;
}

/** The outcome of report creation for many sites. */
export interface CreateReportsResult {
  /** The reports created, in the order of the sites. */
  accountProductReportIds: number[];
  /** Sites that could not be scored: no report, no licence. */
  notScorableSiteIds: number[];
}

/** The products the account holds too few licences of for `items` (empty: enough). */
export async function licenceShortfalls(db: Db, accountId: number, items: readonly LicenseItem[]): Promise<TBatchShortfall[]> {
  const remaining = await remainingLicenses(db, accountId, items.map((item) => item.productId));
  return items.flatMap((item) => {
    const left = remaining[String(item.productId)] ?? 0;
    return left < item.quantity ? [{ productId: item.productId, name: productName(item.productId), needed: item.quantity, remaining: left, shortBy: item.quantity - Math.max(0, left) }] : [];
  });
}

/** The ledger's 402: the first short product in its words, every shortfall in the details. */
export function insufficientLicencesError(shortfalls: readonly TBatchShortfall[]): AppError {
  const first = shortfalls[0]!;
  return new AppError(ErrorCode.InsufficientLicenses, insufficientLicensesMessage(first.productId, first.needed, first.remaining), { details: { shortfalls } });
}

/** Refuses up front when the account holds too few licences for all the reports (the same message as the ledger's). */
async function assertLicencesCover(deps: ReportServiceDeps, auth: Caller, order: ReportOrder, drafts: readonly Pick<ReportDraft, 'feeProductId'>[]): Promise<void> {
  const shortfalls = await licenceShortfalls(deps.db, auth.accountId, licenceItemsFor(order, drafts));
  if (shortfalls.length > 0) throw insufficientLicencesError(shortfalls);
}

/**
 * Creates one report per site for many existing sites (the batch feature calls this for thousands
 * of sites; the demo seeding for its library). The request is checked once; sites are scored outside any transaction; each chunk
 * (default 1,000 reports) is written in ONE transaction with multi-row inserts and its own licence
 * debit, so a chunk is all or nothing. The licences for every report are checked before the
 * first chunk; a concurrent purchase of the same licences can still stop a later chunk with the
 * ledger's error, leaving the earlier chunks created (the batch records its progress per chunk).
 */
export async function createReportsForSites(deps: ReportServiceDeps, auth: Caller, siteIds: readonly number[], input: ReportOrderInput, options: CreateReportsOptions = {}): Promise<CreateReportsResult> {
  const order = resolveReportOrder(auth, input);
  const wanted = [...new Set(siteIds)];
  const found = new Map((await findScopedSiteRows(deps.db, await siteScope(deps.db, auth), wanted)).map((site) => [site.siteId, site]));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError(ErrorCode.NotFound, ReportMessages.siteNotFound, { details: { siteIds: missing.slice(0, 100) } });
  const sites = wanted.map((id) => found.get(id)!);

  const { drafts, notScorableSiteIds } = draftReports(deps, order, sites.map((site) => ({ site, release: order.requestedRelease })));
  for (const draft of drafts) draft.feeProductId = backdateFeeFor(auth, order, draft.scored.countryId, drafts.length);
  await assertLicencesCover(deps, auth, order, drafts);

  const chunkSize = Math.max(1, options.chunkSize ?? 1000);
  const accountProductReportIds: number[] = [];
  for (let start = 0; start < drafts.length; start += chunkSize) {
    const chunk = drafts.slice(start, start + chunkSize);
    const now = deps.now();
    const written = await deps.db.transaction((tx) => writeReports(tx, auth, order, chunk, now));
    accountProductReportIds.push(...written.ids.map((id) => id.accountProductReportId));
    await options.onProgress?.(accountProductReportIds.length, drafts.length);
  }
  return { accountProductReportIds, notScorableSiteIds };
}

/** A site the caller may see, or 404 (hidden sites and other accounts' ids alike). */
async function siteOr404(deps: Pick<ReportServiceDeps, 'db'>, scope: SiteScope, siteId: number): Promise<SiteRow> {
  const site = await findScopedSiteRow(deps.db, scope, siteId);
  if (!site) throw AppError.notFound(ReportMessages.siteNotFound);
  return site;
}

/** GET reports/{siteId}: every report of the site the caller can see, newest first; 404 for a site the caller may not see. */
export async function siteReports(deps: Pick<ReportServiceDeps, 'db'>, auth: AuthContext, siteId: number): Promise<TReport[]> {
  const scope = await siteScope(deps.db, auth);
  const site = await siteOr404(deps, scope, siteId);
  return (await listSiteReports(deps.db, scope, siteId)).map((row) => presentReport(row, site, auth));
}

/** GET reports/{siteId}/latest: the report the site summary shows (highest release, newest), or null. */
export async function latestReport(deps: Pick<ReportServiceDeps, 'db'>, auth: AuthContext, siteId: number): Promise<TReport | null> {
  const scope = await siteScope(deps.db, auth);
  const site = await siteOr404(deps, scope, siteId);
  const row = await latestSiteReport(deps.db, scope, siteId);
  return row ? presentReport(row, site, auth) : null;
}

/** GET reports/lastcreatedforuser: the caller's newest report in the acting account, or null. */
export async function lastCreatedForUser(deps: Pick<ReportServiceDeps, 'db'>, auth: AuthContext): Promise<TReport | null> {
  const scope = await siteScope(deps.db, auth);
  const row = await lastReportCreatedBy(deps.db, scope, auth.userId);
  if (!row) return null;
  return presentReport(row, await siteOr404(deps, scope, row.siteId), auth);
}
