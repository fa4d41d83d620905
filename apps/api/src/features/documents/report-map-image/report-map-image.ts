import { methodologyOf, type MethodologyTypeId, type ReportMapImageKind, type ReportMapType } from '@riskatlas/domain';
import type { Gazetteer } from '@riskatlas/geo';
import type { ScoringEngine } from '@riskatlas/scoring';
import type { ScoringDeps } from '../../reports/index';
import { PlaceLabels, reportMapCells } from '../../map/index';
import type { DocumentReport } from '../document-report';
import { backdropView, drawBackdrop, drawReportMap, mapOverlay, type MapBackdrop, type MapLabel, type MapOverlay, type MapPicture } from './draw-map';

/** The zooms of the Detail page's maps: A at the site zoom, B at the county zoom. */
const SITE_ZOOM = 13;
const COUNTY_ZOOM = 11;

/** Which cells each drawn map shows, its zoom and title. */
const KINDS: Readonly<Record<ReportMapImageKind, { cells: ReportMapType; zoom: number; title: string }>> = {
  a: { cells: 'overall', zoom: SITE_ZOOM, title: 'Map A — Total Crime' },
  persons: { cells: 'persons', zoom: COUNTY_ZOOM, title: 'Map B — Crimes Against Persons' },
  property: { cells: 'property', zoom: COUNTY_ZOOM, title: 'Map B — Crimes Against Property' },
};

/** The base map's sources, as their licences ask. */
const ATTRIBUTION = 'Boundaries: US Census Bureau via us-atlas; Made with Natural Earth; INEGI · Place names © GeoNames (CC BY 4.0)';

/** What drawing a report map needs. */
export interface MapImageDeps extends ScoringDeps {
  gazetteer: Gazetteer;
}

let labels: PlaceLabels | undefined;

/** The place labels of a box, as the web map's city labels layer gives them. */
function labelsFor(gazetteer: Gazetteer, box: [number, number, number, number], zoom: number): MapLabel[] {
  labels ??= new PlaceLabels(gazetteer.sizedPlaces());
  return labels.labels(box, zoom).features.map((feature) => ({ name: feature.properties.n, longitude: feature.geometry.coordinates[0], latitude: feature.geometry.coordinates[1] }));
}

/**
 * One report map as a PNG: the score cells the Detail page's map shows for the report (GET
 * reports/{siteId}/map/geojson/{type}), drawn over the data pack's base map with the site, legend,
 * scale bar and attribution.
 */
export function reportMapImage(deps: MapImageDeps, source: DocumentReport, methodology: MethodologyTypeId, kind: ReportMapImageKind): Promise<Buffer> {
  return drawReportMap(mapPicture(deps, source, methodology, kind));
}

/** A report map for a PDF: a backdrop JPEG shared with nearby sites' maps, and this report's overlay to draw over it. */
export interface LayeredReportMap {
  backdrop: Promise<Buffer>;
  overlay: MapOverlay;
}

/**
 * The backdrops drawn for a run of PDFs, the most recent `limit` of them: a backdrop shows only
 * the data pack's geography, labels and legend, nothing of a report, so every map of its view may
 * use it. One per PDF run; a backdrop whose encoding failed is dropped so the next map redraws it.
 */
export class MapBackdrops {
  private readonly entries = new Map<string, MapBackdrop>();

  constructor(private readonly limit = 32) {}

  /** The backdrop of the picture's view: the one drawn before, or drawn now. */
  backdropFor(picture: MapPicture): MapBackdrop {
    const { key } = backdropView(picture);
    const known = this.entries.get(key);
    if (known) {
      // Most recently used last: the first entry is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const drawn = drawBackdrop(picture);
    drawn.jpeg.catch(() => this.entries.get(key) === drawn && this.entries.delete(key));
    this.entries.set(key, drawn);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
    return drawn;
  }
}

/**
 * A report map as the PDF draws it: the backdrop of its view (from `backdrops`, shared with other
 * maps of the same view) and its own cells, pin and title drawn over it.
 */
export function layeredReportMap(deps: MapImageDeps, source: DocumentReport, methodology: MethodologyTypeId, kind: ReportMapImageKind, backdrops: MapBackdrops): LayeredReportMap {
  const picture = mapPicture(deps, source, methodology, kind);
  const backdrop = backdrops.backdropFor(picture);
  return { backdrop: backdrop.jpeg, overlay: mapOverlay(picture, backdrop) };
}

function mapPicture(deps: MapImageDeps, source: DocumentReport, methodology: MethodologyTypeId, kind: ReportMapImageKind): MapPicture {
  const { report, site, countryId } = source;
  const spec = KINDS[kind];
  const mapped = {
    accountProductReportId: report.accountProductReportId,
    siteId: report.siteId,
    latitude: site.latitude,
    longitude: site.longitude,
    countryId,
    releaseYear: report.releaseYear,
    methodologyTypeIds: report.methodologyTypeIds,
  };
  const cells = reportMapCells(deps, mapped, methodology, spec.cells);
  return {
    latitude: site.latitude,
    longitude: site.longitude,
    zoom: spec.zoom,
    countryId,
    title: spec.title,
    subtitle: `${site.siteName} · ${methodologyOf(methodology)?.name ?? `Methodology ${methodology}`} · release ${report.releaseYear}`,
    cells: cells.features,
    labelsFor: (box, zoom) => labelsFor(deps.gazetteer, box, zoom),
    attribution: ATTRIBUTION,
  };
}

/**
 * A scoring engine that remembers what it scored, for the maps of ONE document: maps A and B
 * score the same grid of points around the site (A for Total Crime, B for persons and for
 * property), so the second and third maps reuse the first's scores. Make one per document and
 * drop it with the document: it holds one entry per grid point and methodology asked.
 */
export function rememberingScoring(engine: ScoringEngine): ScoringEngine {
  const scored = new Map<string, ReturnType<ScoringEngine['score']>>();
  return {
    score(location, methodologyTypeId, releaseYear) {
      // Every field of the location counts: two equal keys are the same scoring question.
      const key = `${methodologyTypeId}|${releaseYear}|${JSON.stringify(location)}`;
      if (scored.has(key)) return scored.get(key);
      const scores = engine.score(location, methodologyTypeId, releaseYear);
      scored.set(key, scores);
      return scores;
    },
    periodYears: (countryId, releaseYear) => engine.periodYears(countryId, releaseYear),
  };
}
