import { methodologyOf, type MethodologyTypeId, type ReportMapImageKind, type ReportMapType } from '@riskatlas/domain';
import type { Gazetteer } from '@riskatlas/geo';
import type { ScoringEngine } from '@riskatlas/scoring';
import type { ScoringDeps } from '../../reports/index';
import { PlaceLabels, reportMapCells } from '../../map/index';
import type { DocumentReport } from '../document-report';
import { drawReportMap, drawReportMapAsync, type MapEncoding, type MapLabel, type MapPicture } from './draw-map';

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
 * One report map as an image (PNG unless asked otherwise): the score cells the Detail page's map shows for the report (GET
 * reports/{siteId}/map/geojson/{type}), drawn over the data pack's base map with the site, legend,
 * scale bar and attribution.
 */
export function reportMapImage(deps: MapImageDeps, source: DocumentReport, methodology: MethodologyTypeId, kind: ReportMapImageKind, encoding: MapEncoding = 'png'): Buffer {
  return drawReportMap(mapPicture(deps, source, methodology, kind), encoding);
}

/**
 * The same image as reportMapImage, drawn now and encoded on libuv's thread pool, so that the
 * caller's next work (the next map, the database reads, the next report) overlaps the encoding.
 */
export function reportMapImageAsync(deps: MapImageDeps, source: DocumentReport, methodology: MethodologyTypeId, kind: ReportMapImageKind, encoding: MapEncoding): Promise<Buffer> {
  return drawReportMapAsync(mapPicture(deps, source, methodology, kind), encoding);
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
