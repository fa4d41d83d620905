import PDFDocument from 'pdfkit';
import {
  FEW_RESIDENTS_NOTE,
  hasSection,
  methodologyOf,
  readScore,
  REPORT_TYPE_NAMES,
  scoreIndexOf,
  type CrimeTypeKey,
  type ReportType,
  type TCrimeRateComparison,
  type TReportDemographics,
  type TReportProximity,
} from '@riskatlas/domain';
import type { DataSource } from '@riskatlas/geo';
import type { DocumentReport } from '../document-report';
import { crimeRateSection, demographicsSection, proximitySection, sourcesSection } from './context-sections';
import { ACCENT, BOLD, CONTENT_WIDTH, ensureSpace, FONT, INK, MUTED, PAGE, paragraph, plainTable, sectionHeading, subHeading, type Pdf } from './pdf-kit';
import { SCORE_TABLE_KEY, scoreTable } from './score-table';
import { drawImage, drawLayeredMap, openImage, type PdfImage } from './map-overlay';
import type { MapOverlay } from '../report-map-image/draw-map';

/** Everything one PDF shows, gathered before writing starts. */
export interface PdfContent {
  source: DocumentReport;
  sections: number;
  /** The account the report belongs to (named on the cover). */
  company: string;
  /** The account's logo (PNG or JPEG) for the cover's header band; absent: none. */
  logo?: Buffer | undefined;
  generated: Date;
  /** The maps of the first methodology shown: each its backdrop JPEG and its overlay. */
  maps: Partial<Record<MapKind, PdfMap>>;
  proximity?: TReportProximity;
  demographics?: TReportDemographics;
  crimeRates?: TCrimeRateComparison;
  sources: readonly DataSource[];
}

/** The maps a PDF shows: map A, and map B for persons and for property. */
export type MapKind = 'a' | 'persons' | 'property';

/** A map as the PDF draws it: a backdrop image (maps of one view share it) and the report's overlay. */
interface PdfMap {
  backdrop: Buffer;
  overlay: MapOverlay;
}

const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
/** Two maps share a page at this width. */
const PAIRED_MAP_WIDTH = 440;

/** The site's address on lines, as written on the site. */
function addressLines(site: DocumentReport['site']): string[] {
  const cityLine = [site.city, [site.state, site.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [site.street, site.street2, cityLine].filter((line): line is string => Boolean(line));
}

/**
 * Writes a report's PDF: the sections asked for, in the order of REPORT_SECTIONS, and a footer
 * with the site and "Page n of N" on every page. Returns the document; the caller pipes it.
 */
export function writeReportPdf(content: PdfContent): Pdf {
  const { source, sections } = content;
  const doc = new PDFDocument({ size: 'LETTER', margin: PAGE.margin, bufferPages: true, info: { Title: `Crime risk report: ${source.site.siteName}`, Author: 'RiskAtlas' } });
  let first = true;
  // Each backdrop is read once: maps of one view share one image in the file.
  const images = new Map<Buffer, PdfImage>();
  const startSection = (newPage: boolean) => {
    if (!first && newPage) doc.addPage();
    first = false;
  };
  if (hasSection(sections, 'cover')) {
    startSection(false);
    cover(doc, content);
  }
  if (hasSection(sections, 'summary')) {
    startSection(true);
    summary(doc, source);
  }
  if (hasSection(sections, 'scoreTables')) {
    startSection(true);
    sectionHeading(doc, 'Scores');
    paragraph(doc, SCORE_TABLE_KEY, { size: 8.5, color: MUTED });
    for (const entry of source.methodologies) scoreTable(doc, entry, source.countryId);
  }
  if (hasSection(sections, 'mapA') && content.maps.a) {
    startSection(true);
    mapPage(doc, images, 'Map A: Total Crime around the site', [content.maps.a], 'Total Crime scores (national comparison, current period) of half-mile cells around the site, at the site zoom.');
  }
  if (hasSection(sections, 'mapB') && content.maps.persons && content.maps.property) {
    startSection(true);
    mapPage(doc, images, 'Map B: crimes against persons and property', [content.maps.persons, content.maps.property], 'The same cells scored for crimes against persons and against property, at the county zoom.');
  }
  if (hasSection(sections, 'proximity') && content.proximity) {
    startSection(true);
    proximitySection(doc, content.proximity);
  }
  if (hasSection(sections, 'demographics') && content.demographics) {
    startSection(true);
    demographicsSection(doc, content.demographics);
  }
  if (hasSection(sections, 'crimeRateComparison') && content.crimeRates) {
    startSection(true);
    crimeRateSection(doc, content.crimeRates);
  }
  if (hasSection(sections, 'notes')) {
    startSection(true);
    notes(doc, source);
  }
  if (hasSection(sections, 'sources')) {
    startSection(!hasSection(sections, 'notes'));
    sourcesSection(doc, content.sources);
  }
  footers(doc, source.site.siteName);
  doc.end();
  return doc;
}

function cover(doc: Pdf, content: PdfContent): void {
  const { report, site } = content.source;
  doc.rect(0, 0, PAGE.width, 150).fill(ACCENT);
  doc.font(BOLD).fontSize(13).fillColor('#c5cae9').text('RISKATLAS', PAGE.margin, 48, { characterSpacing: 2 });
  doc.font(BOLD).fontSize(28).fillColor('#ffffff').text('Crime Risk Report', PAGE.margin, 72);
  if (content.logo) coverLogo(doc, content.logo);
  doc.y = 190;
  doc.font(BOLD).fontSize(24).fillColor(INK).text(site.siteName, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.3);
  doc.font(FONT).fontSize(13).fillColor(MUTED);
  for (const line of addressLines(site)) doc.text(line, { width: CONTENT_WIDTH });
  doc.text(`${site.latitude.toFixed(6)}, ${site.longitude.toFixed(6)}`, { width: CONTENT_WIDTH });
  doc.moveDown(1.5);
  const facts: Array<[string, string]> = [
    ['Report type', REPORT_TYPE_NAMES[report.reportType as ReportType]],
    ['Release', String(report.releaseYear)],
    ['Methodologies', content.source.methodologies.map((entry) => methodologyOf(entry.methodologyType)?.name ?? String(entry.methodologyType)).join(', ')],
    ['Report created', DATE.format(new Date(report.created))],
    ['Prepared for', content.company],
    ['Generated', DATE.format(content.generated)],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font(BOLD).fontSize(11).fillColor(INK).text(label, PAGE.margin, y, { width: 130 });
    doc.font(FONT).fontSize(11).fillColor(INK).text(value, PAGE.margin + 140, y, { width: CONTENT_WIDTH - 140 });
    doc.moveDown(0.5);
  }
  doc.moveDown(1);
  const headline = content.source.methodologies[0];
  if (headline) {
    const value = headline.scores.find((score) => score.scoreIndex === scoreIndexOf({ crimeType: 'total', region: 'national', period: 'current' }))?.value;
    if (value !== null && value !== undefined) {
      const reading = readScore(value, content.source.countryId);
      const y = doc.y;
      doc.rect(PAGE.margin, y, CONTENT_WIDTH, 70).fill('#f5f5f5');
      doc.rect(PAGE.margin, y, 8, 70).fill(reading.band.color);
      doc.font(FONT).fontSize(10).fillColor(MUTED).text('Total Crime, national comparison, current period', PAGE.margin + 22, y + 12);
      doc.font(BOLD).fontSize(22).fillColor(INK).text(reading.text, PAGE.margin + 22, y + 30);
      doc.y = y + 84;
      paragraph(doc, '100 is the national average; 200 is twice it.', { color: MUTED, size: 9 });
    }
  }
}

/** The logo's box in the cover's header band, right side: it is fitted inside, keeping its aspect. */
const LOGO_BOX = { width: 160, height: 60, top: 45 } as const;

/** White around the logo: a logo drawn for white paper (dark ink, transparency) stays legible on the band. */
const LOGO_PLATE_PADDING = 8;

/**
 * The account's logo, fitted in LOGO_BOX keeping its aspect, right-aligned and vertically centred,
 * on a white plate; an image pdfkit cannot read is left out.
 */
function coverLogo(doc: Pdf, logo: Buffer): void {
  try {
    // The header read first: the fitted size places the plate.
    const image = openImage(doc, logo);
    // JPEG orientations 5-8 turn the picture a quarter: pdfkit swaps its sides when drawing.
    const [sideX, sideY] = (image.orientation ?? 1) > 4 ? [image.height, image.width] : [image.width, image.height];
    const scale = Math.min(LOGO_BOX.width / sideX, LOGO_BOX.height / sideY);
    const [width, height] = [sideX * scale, sideY * scale];
    // The plate, not the image, lines up with the right margin.
    const x = PAGE.width - PAGE.margin - LOGO_PLATE_PADDING - width;
    const y = LOGO_BOX.top + (LOGO_BOX.height - height) / 2;
    doc.roundedRect(x - LOGO_PLATE_PADDING, y - LOGO_PLATE_PADDING, width + 2 * LOGO_PLATE_PADDING, height + 2 * LOGO_PLATE_PADDING, 4).fill('#ffffff');
    drawImage(doc, image, x, y, { width, height });
  } catch {
    // A broken stored image must not cost the user the report: the cover is drawn without it.
  }
}

const SUMMARY_TYPES: readonly CrimeTypeKey[] = ['total', 'persons', 'property'];

function summary(doc: Pdf, source: DocumentReport): void {
  sectionHeading(doc, 'Score summary');
  paragraph(doc, 'The headline scores of each methodology: national comparison, current period. 100 is the national average.');
  plainTable(
    doc,
    [{ header: 'Methodology', width: CONTENT_WIDTH * 0.22 }, ...SUMMARY_TYPES.map((type) => ({ header: type === 'total' ? 'Total Crime' : type === 'persons' ? 'Crimes Against Persons' : 'Crimes Against Property', width: CONTENT_WIDTH * 0.26 }))],
    source.methodologies.map((entry) => [
      methodologyOf(entry.methodologyType)?.name ?? String(entry.methodologyType),
      ...SUMMARY_TYPES.map((crimeType) => {
        const value = entry.scores.find((score) => score.scoreIndex === scoreIndexOf({ crimeType, region: 'national', period: 'current' }))?.value;
        return value === null || value === undefined ? '—' : readScore(value, source.countryId).text;
      }),
    ]),
    9.5,
  );
  for (const methodology of source.methodologies) {
    subHeading(doc, methodologyOf(methodology.methodologyType)?.name ?? String(methodology.methodologyType));
    paragraph(doc, methodologyOf(methodology.methodologyType)?.description ?? '');
  }
  if (source.report.sameScoresNote) paragraph(doc, source.report.sameScoresNote, { color: MUTED });
}

function mapPage(doc: Pdf, images: Map<Buffer, PdfImage>, title: string, maps: readonly PdfMap[], caption: string): void {
  sectionHeading(doc, title);
  paragraph(doc, caption, { color: MUTED, size: 9 });
  const width = maps.length > 1 ? PAIRED_MAP_WIDTH : CONTENT_WIDTH;
  for (const map of maps) {
    const height = (width * map.overlay.height) / map.overlay.width;
    ensureSpace(doc, height + 8);
    let image = images.get(map.backdrop);
    if (!image) images.set(map.backdrop, (image = openImage(doc, map.backdrop)));
    drawLayeredMap(doc, image, map.overlay, PAGE.margin + (CONTENT_WIDTH - width) / 2, doc.y, width);
    doc.y += height + 8;
  }
}

function notes(doc: Pdf, source: DocumentReport): void {
  sectionHeading(doc, 'Confidence and coverage');
  paragraph(
    doc,
    'Each score is an estimate with a confidence band: the low and high bounds between which the model places the site\'s rate. Narrow bands mean the local data agree; wide bands mean the estimate leans on the model. ' +
      'A score is "reported" when the place\'s own recorded crime covers the period\'s year and its comparison area reported that year; otherwise the model imputed it (a year beyond the data, a projection, a missing level or a proxy).',
  );
  const counts = source.methodologies.map((entry) => {
    const scores = entry.scores.filter((score) => !score.isHeading);
    const imputed = scores.filter((score) => score.coverage === 'imputed').length;
    const widest = scores.reduce((max, score) => Math.max(max, (score.high ?? 0) - (score.low ?? 0)), 0);
    const radius = entry.radius2 > 0 ? `${entry.radius1}–${entry.radius2} mi` : 'none';
    return [methodologyOf(entry.methodologyType)?.name ?? String(entry.methodologyType), String(scores.length - imputed), String(imputed), String(widest), radius];
  });
  plainTable(
    doc,
    [
      { header: 'Methodology', width: CONTENT_WIDTH * 0.28 },
      { header: 'Reported scores', width: CONTENT_WIDTH * 0.18, align: 'right' },
      { header: 'Imputed scores', width: CONTENT_WIDTH * 0.18, align: 'right' },
      { header: 'Widest band', width: CONTENT_WIDTH * 0.16, align: 'right' },
      { header: 'Neighbourhood', width: CONTENT_WIDTH * 0.2, align: 'right' },
    ],
    counts,
  );
  if (source.methodologies.some((entry) => entry.fewResidents)) {
    paragraph(doc, FEW_RESIDENTS_NOTE, { color: MUTED });
  }
  ensureSpace(doc, 20);
}

/** "RiskAtlas · site · Page n of N" under every page. */
function footers(doc: Pdf, siteName: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const y = PAGE.height - PAGE.margin + 6;
    // Writing below the bottom margin would start a page: lift the margin while the footer is written.
    doc.page.margins.bottom = 0;
    doc.font(FONT).fontSize(8).fillColor(MUTED).text(`RiskAtlas · ${siteName}`, PAGE.margin, y, { width: CONTENT_WIDTH / 2, lineBreak: false });
    doc.text(`Page ${index + 1} of ${range.count}`, PAGE.margin + CONTENT_WIDTH / 2, y, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
    doc.page.margins.bottom = PAGE.margin;
  }
}
