import {
  hasSection,
  parseMethodologyList,
  ReportDocumentMessages,
  type MethodologyTypeId,
} from '@riskatlas/domain';
import type { Caller } from '../../../access/caller';
import { AppError } from '../../../lib/app-error';
import { coverLogo } from '../../account-logo/index';
import { crimeRateComparison, reportDemographics, reportProximity } from '../../report-context/index';
import { documentReport, type DocumentReport } from '../document-report';
import { layeredReportMap, MapBackdrops, rememberingScoring, type LayeredReportMap } from '../report-map-image/report-map-image';
import type { DocumentDeps } from '../documents-deps';
import type { Pdf } from './pdf-kit';
import type { MapKind } from './report-pdf';
import { writeReportPdf, type PdfContent } from './report-pdf';

/** A written PDF and the name it downloads under. */
export interface ReportPdf {
  doc: Pdf;
  fileName: string;
  siteName: string;
}

/** What a PDF is asked for with: the report, the section value, the methodologies (a query's '2,3' or a body's list). */
export interface PdfRequest {
  id: number;
  sections?: number | undefined;
  methodologies?: string | readonly number[] | undefined;
}

/** A file name of letters, digits and dashes: RiskAtlas-Cheapside-2025.pdf. */
function pdfFileName(source: DocumentReport): string {
  const name = source.site.siteName.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || `site-${source.site.siteId}`;
  return `RiskAtlas-${name}-${source.report.releaseYear}.pdf`;
}

/** The sections value a request means: absent is every section; 0 is refused with the dialog's words. */
function sectionsOf(sections: number | undefined): number {
  if (sections === 0) throw AppError.badRequest(ReportDocumentMessages.noSection, 'sections');
  return sections ?? 233223;
}

/**
 * GET reports/{id}/pdf: the report's PDF with the sections and methodologies asked for. The context
 * sections appear when the report has them (proximity and demographics add-ons; the crime rate
 * comparison where it applies and the account has the feature); maps show the first methodology.
 */
export async function reportPdf(deps: DocumentDeps, auth: Caller, query: PdfRequest): Promise<ReportPdf> {
  const sections = sectionsOf(query.sections);
  const asked = typeof query.methodologies === 'string' ? parseMethodologyList(query.methodologies) : query.methodologies;
  if (asked === null) throw AppError.badRequest(ReportDocumentMessages.methodologyNotInReport, 'methodologies');
  const source = await documentReport(deps.db, auth, query.id, asked);
  const content = await gather(deps, auth, source, sections);
  return { doc: writeReportPdf(content), fileName: pdfFileName(source), siteName: source.site.siteName };
}

async function gather(deps: DocumentDeps, auth: Caller, source: DocumentReport, sections: number): Promise<PdfContent> {
  const { report } = source;
  // The database reads start first; the maps are drawn while they run and encoded on the thread pool.
  const proximity = hasSection(sections, 'proximity') && report.hasProximity ? reportProximity(deps.db, auth, report.accountProductReportId) : undefined;
  const demographics = hasSection(sections, 'demographics') && report.hasDemographics ? demographicsOrNone(deps, auth, report.accountProductReportId) : undefined;
  const crimeRatesApply = hasSection(sections, 'crimeRateComparison') && report.hasCrimeRateComparison && auth.account.allowCrimeRiskFeature;
  const crimeRates = crimeRatesApply ? crimeRateComparison(deps.db, deps, auth, report.siteId, report.accountProductReportId) : undefined;
  const maps = drawWhileReading(() => drawMaps(deps, source, sections), [proximity, demographics, crimeRates]);
  const logo = hasSection(sections, 'cover') ? (deps.coverLogo ?? coverLogo(deps.fileStore, auth.account)) : undefined;
  const [backdrops, proximityRead, demographicsRead, crimeRatesRead, logoRead] = await Promise.all([Promise.all(maps.map((map) => map.backdrop)), proximity, demographics, crimeRates, logo]);
  return {
    source,
    sections,
    company: auth.account.company,
    logo: logoRead,
    generated: deps.now(),
    maps: Object.fromEntries(maps.map((map, index) => [map.kind, { backdrop: backdrops[index]!, overlay: map.overlay }])),
    proximity: proximityRead,
    demographics: demographicsRead,
    crimeRates: crimeRatesRead,
    sources: deps.gazetteer.sources,
  };
}

/**
 * The PDF's maps of the first methodology shown, each a backdrop being encoded and the report's
 * overlay. The three share their grid's scores; persons and property share their backdrop (one
 * view), and maps of nearby sites in one run share theirs through deps.mapBackdrops.
 */
function drawMaps(deps: DocumentDeps, source: DocumentReport, sections: number): Array<LayeredReportMap & { kind: MapKind }> {
  const first = source.methodologies[0]?.methodologyType as MethodologyTypeId | undefined;
  if (first === undefined) return [];
  const kinds: MapKind[] = [...(hasSection(sections, 'mapA') ? (['a'] as const) : []), ...(hasSection(sections, 'mapB') ? (['persons', 'property'] as const) : [])];
  const mapDeps = { ...deps, scoring: rememberingScoring(deps.scoring) };
  const backdrops = deps.mapBackdrops ?? new MapBackdrops();
  return kinds.map((kind) => ({ kind, ...layeredReportMap(mapDeps, source, first, kind, backdrops) }));
}

/**
 * Runs `draw` while the reads in `reading` are under way. If it throws, the reads are left to end
 * on their own (a rejection among them is not reported unhandled) and the error is thrown.
 */
function drawWhileReading<T>(draw: () => T, reading: ReadonlyArray<Promise<unknown> | undefined>): T {
  try {
    return draw();
  } catch (error) {
    for (const read of reading) read?.catch(() => undefined);
    throw error;
  }
}

/** A site outside the US counties has no demographics even with the add-on: the section is left out. */
async function demographicsOrNone(deps: DocumentDeps, auth: Caller, id: number) {
  try {
    return await reportDemographics(deps.db, deps.gazetteer, auth, { id, x: 'all' });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) return undefined;
    throw error;
  }
}

/** The whole PDF in memory (for an e-mail attachment). */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
