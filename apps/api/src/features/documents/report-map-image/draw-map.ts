import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { SCORE_SEVERITY_LABELS, scoreRangeForCountry, type CountryId, type ScoreSeverity, type TReportMapResponse } from '@riskatlas/domain';
import { drawBaseMap } from './base-layer';
import { ensureMapFont, MAP_FONT } from './fonts';
import { metersPerPixel, project, snappedViewAround, viewAround, viewBox, viewCentre, type MapView } from './mercator';

/** Labels of places: name and position. */
export type MapLabel = { name: string; longitude: number; latitude: number };

/** What one drawn report map shows. */
export interface MapPicture {
  latitude: number;
  longitude: number;
  zoom: number;
  countryId: CountryId;
  /** The title drawn in the top-left box ('Map A — Total Crime'). */
  title: string;
  /** A second line under the title (methodology and release). */
  subtitle: string;
  cells: TReportMapResponse['features'];
  /** Place labels for the view's box at the zoom, largest first. */
  labelsFor: (box: [number, number, number, number], zoom: number) => readonly MapLabel[];
  /** One line naming the base map's sources. */
  attribution: string;
}

/** The image size in pixels: wide like a page, sharp enough for print at the page's width. */
const MAP_WIDTH = 1200;
const MAP_HEIGHT = 800;
/** Cells are see-through so the base map's borders and labels still read under them. */
const CELL_ALPHA = 0.55;
const SEVERITIES: readonly ScoreSeverity[] = ['low', 'medium-low', 'medium', 'medium-high', 'high'];
const METERS_PER_MILE = 1609.344;
/** High enough that labels stay crisp in print (the PDF embeds a JPEG as it is: a PNG with alpha it would re-compress). */
const JPEG_QUALITY = 90;

const font = (size: number, bold = false) => `${bold ? 'bold ' : ''}${size}px "${MAP_FONT}", sans-serif`;

/**
 * A report map as a PNG: base map, score cells, place labels, the site, legend, scale bar,
 * attribution. Drawn now; encoded on libuv's thread pool.
 */
export function drawReportMap(picture: MapPicture): Promise<Buffer> {
  return paintReportMap(picture).encode('png');
}

/** What the backdrop of a view is drawn from: the view's place and zoom, and what its panels show. */
export type BackdropPicture = Pick<MapPicture, 'latitude' | 'longitude' | 'zoom' | 'countryId' | 'labelsFor' | 'attribution'>;

/** A backdrop: the picture every report map of one view shares, being encoded as a JPEG. */
export interface MapBackdrop {
  /** Identifies the picture: equal keys, equal pictures. */
  key: string;
  view: MapView;
  /** The legend, scale bar and attribution panels: the cells drawn over the backdrop keep out of them. */
  panels: readonly PixelBox[];
  /** The place labels placed on the view: drawn over the cells, not in the picture. */
  labels: readonly PlacedLabel[];
  jpeg: Promise<Buffer>;
}

/** What one report draws over a backdrop, in the backdrop's pixels: the cells, then the labels, the pin and the title. */
export interface MapOverlay {
  width: number;
  height: number;
  panels: readonly PixelBox[];
  /**
   * The score cells by band colour, drawn at `cellAlpha`: per colour, the cells' boxes as x, y,
   * width, height in a row (a few typed arrays rather than thousands of small ones: the overlay
   * waits for the PDF's reads and encodings, and small objects kept that long burden the collector).
   */
  cells: ReadonlyArray<{ color: string; boxes: Float64Array }>;
  cellAlpha: number;
  /** The backdrop's place labels, drawn over the cells. */
  labels: readonly PlacedLabel[];
  /** Where the site's pin points. */
  site: readonly [number, number];
  title: string;
  subtitle: string;
}

/**
 * How far apart, in world pixels, the centres of shared backdrops lie: every site within 37.5 px
 * of one centre (about 0.5 km at map A's zoom, 2 km at map B's) gets the same backdrop.
 */
const BACKDROP_STEP = 75;

/** The view of the backdrop a picture's site shares, and its key. */
export function backdropView(picture: Pick<MapPicture, 'latitude' | 'longitude' | 'zoom' | 'countryId'>): { key: string; view: MapView } {
  const view = snappedViewAround(picture.latitude, picture.longitude, picture.zoom, MAP_WIDTH, MAP_HEIGHT, BACKDROP_STEP);
  return { key: `${picture.zoom}|${picture.countryId}|${view.left}|${view.top}`, view };
}

/**
 * Draws the backdrop of a picture's view (base map, legend, scale bar, attribution: nothing of the
 * site or its report) and encodes it as a JPEG on libuv's thread pool. Its place labels are placed,
 * to be drawn over the cells as text. The pin can lie anywhere within BACKDROP_STEP / 2 of the
 * centre: labels keep out of that area.
 */
export function drawBackdrop(picture: BackdropPicture): MapBackdrop {
  ensureMapFont();
  const { key, view } = backdropView(picture);
  const canvas = createCanvas(MAP_WIDTH, MAP_HEIGHT);
  const context = canvas.getContext('2d');
  const [x, y] = [MAP_WIDTH / 2, MAP_HEIGHT / 2];
  const reach = BACKDROP_STEP / 2;
  const { panels, labels } = paintBackdrop(context, view, picture, [x - reach - 20, y - reach - 48, x + reach + 20, y + reach + 4], { labelsOnCanvas: false });
  return { key, view, panels, labels, jpeg: canvas.encode('jpeg', JPEG_QUALITY) };
}

/** What a report draws over its backdrop: its cells, its pin and the title panel, in the backdrop's pixels. */
export function mapOverlay(picture: MapPicture, backdrop: Pick<MapBackdrop, 'view' | 'panels' | 'labels'>): MapOverlay {
  const { view } = backdrop;
  return {
    width: view.width,
    height: view.height,
    panels: backdrop.panels,
    cells: cellBoxesByColor(view, picture.cells),
    cellAlpha: CELL_ALPHA,
    labels: backdrop.labels,
    site: project(view, picture.longitude, picture.latitude),
    title: picture.title,
    subtitle: picture.subtitle,
  };
}

/** The cells' boxes in pixels, grouped by colour (the grid's cells are boxes in degrees, so boxes in Web Mercator too). */
function cellBoxesByColor(view: MapView, cells: MapPicture['cells']): MapOverlay['cells'] {
  const byColor = new Map<string, number[]>();
  for (const cell of cells) {
    const ring = cell.geometry.coordinates[0]!;
    const longitudes = ring.map(([lng]) => lng);
    const latitudes = ring.map(([, lat]) => lat);
    const [x1, y1] = project(view, Math.min(...longitudes), Math.max(...latitudes));
    const [x2, y2] = project(view, Math.max(...longitudes), Math.min(...latitudes));
    const boxes = byColor.get(cell.properties.color) ?? [];
    boxes.push(x1, y1, x2 - x1, y2 - y1);
    byColor.set(cell.properties.color, boxes);
  }
  return [...byColor].map(([color, boxes]) => ({ color, boxes: Float64Array.from(boxes) }));
}

/** Draws a report map on a new canvas: the backdrop with the cells under its labels, then the site and the title. */
function paintReportMap(picture: MapPicture): Canvas {
  ensureMapFont();
  const canvas = createCanvas(MAP_WIDTH, MAP_HEIGHT);
  const context = canvas.getContext('2d');
  const view = viewAround(picture.latitude, picture.longitude, picture.zoom, MAP_WIDTH, MAP_HEIGHT);
  const [siteX, siteY] = project(view, picture.longitude, picture.latitude);
  paintBackdrop(context, view, picture, [siteX - 20, siteY - 48, siteX + 20, siteY + 4], { labelsOnCanvas: true, underLabels: () => drawCells(context, view, picture.cells) });
  drawSite(context, siteX, siteY);
  drawTitle(context, picture.title, picture.subtitle);
  return canvas;
}

/** A box in image pixels: left, top, right, bottom. */
export type PixelBox = [number, number, number, number];

/** Where the title panel goes (drawn last, over everything): labels keep out of it. */
const TITLE_AREA: PixelBox = [0, 0, 460, 90];

/** A panel's box with room around it: a label's halo does not touch the panel. */
const padded = ([left, top, right, bottom]: PixelBox): PixelBox => [left - 6, top - 6, right + 6, bottom + 6];

/**
 * What every map of one view shares, drawn on `context`: the base map, legend, scale bar and
 * attribution, and the place labels placed (the largest first, none overlapping, none in
 * `pinArea`, TITLE_AREA or a panel) and, with labelsOnCanvas, painted; `underLabels` paints between
 * the base map and the labels. Returns the panels drawn and the labels placed.
 */
function paintBackdrop(
  context: SKRSContext2D,
  view: MapView,
  picture: Pick<MapPicture, 'countryId' | 'labelsFor' | 'attribution'>,
  pinArea: PixelBox,
  options: { labelsOnCanvas: boolean; underLabels?: () => void },
): { panels: PixelBox[]; labels: PlacedLabel[] } {
  drawBaseMap(context, view);
  options.underLabels?.();
  // The panels are drawn before the labels are placed, which keep out of them.
  const panels = [drawLegend(context, picture.countryId), drawScaleBar(context, viewCentre(view)[1], view.zoom), drawAttribution(context, picture.attribution)];
  const labels = placeLabels(context, view, picture.labelsFor(viewBox(view), view.zoom), [pinArea, TITLE_AREA, ...panels.map(padded)]);
  if (options.labelsOnCanvas) paintLabels(context, labels);
  return { panels, labels };
}

function drawCells(context: SKRSContext2D, view: MapView, cells: MapPicture['cells']): void {
  context.globalAlpha = CELL_ALPHA;
  for (const cell of cells) {
    const ring = cell.geometry.coordinates[0]!;
    context.fillStyle = cell.properties.color;
    // The grid's cells are boxes in degrees, so boxes in Web Mercator too: one call fills one.
    const box = boxOf(ring);
    if (box) {
      const [x1, y1] = project(view, box[0], box[3]);
      const [x2, y2] = project(view, box[2], box[1]);
      context.fillRect(x1, y1, x2 - x1, y2 - y1);
      continue;
    }
    context.beginPath();
    ring.forEach(([lng, lat], index) => {
      const [x, y] = project(view, lng, lat);
      if (index === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    });
    context.closePath();
    context.fill();
  }
  context.globalAlpha = 1;
}

/** A ring's [west, south, east, north] when it is a box (its corners in order, closed), else undefined. */
function boxOf(ring: ReadonlyArray<readonly number[]>): [number, number, number, number] | undefined {
  if (ring.length !== 5) return undefined;
  const [a, b, c, d, e] = ring as ReadonlyArray<readonly [number, number]>;
  const box = a![1] === b![1] && b![0] === c![0] && c![1] === d![1] && d![0] === a![0] && e![0] === a![0] && e![1] === a![1];
  return box ? [Math.min(a![0], c![0]), Math.min(a![1], c![1]), Math.max(a![0], c![0]), Math.max(a![1], c![1])] : undefined;
}

/** A place label where it is drawn: its name centred on (x, y), in image pixels. */
export type PlacedLabel = { name: string; x: number; y: number };

/** The place labels' look, on the canvas and in the PDF: dark text with a white halo, so it reads over cells and borders. */
export const LABEL_STYLE = { size: 17, color: '#333333', halo: '#ffffff', haloAlpha: 0.9, haloWidth: 4 } as const;

/** Place labels, largest first, each left out where it would overlap one already placed or a reserved box. */
function placeLabels(context: SKRSContext2D, view: MapView, labels: readonly MapLabel[], reserved: readonly PixelBox[]): PlacedLabel[] {
  const taken: PixelBox[] = [...reserved];
  const placed: PlacedLabel[] = [];
  context.font = font(LABEL_STYLE.size);
  for (const label of labels) {
    const [x, y] = project(view, label.longitude, label.latitude);
    const width = context.measureText(label.name).width + 8;
    const box: PixelBox = [x - width / 2, y - 12, x + width / 2, y + 12];
    if (box[0] < 0 || box[2] > view.width || box[1] < 0 || box[3] > view.height) continue;
    if (taken.some(([a, b, c, d]) => box[0] < c && box[2] > a && box[1] < d && box[3] > b)) continue;
    taken.push(box);
    placed.push({ name: label.name, x, y });
  }
  return placed;
}

function paintLabels(context: SKRSContext2D, labels: readonly PlacedLabel[]): void {
  context.font = font(LABEL_STYLE.size);
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.lineWidth = LABEL_STYLE.haloWidth;
  context.lineJoin = 'round';
  for (const label of labels) {
    context.strokeStyle = `rgba(255,255,255,${LABEL_STYLE.haloAlpha})`;
    context.strokeText(label.name, label.x, label.y);
    context.fillStyle = LABEL_STYLE.color;
    context.fillText(label.name, label.x, label.y);
  }
  context.textAlign = 'left';
  context.textBaseline = 'alphabetic';
}

/** The site: a dark pin with a white ring, its point at the site. */
function drawSite(context: SKRSContext2D, x: number, y: number): void {
  context.beginPath();
  context.moveTo(x, y);
  context.bezierCurveTo(x - 6, y - 14, x - 14, y - 20, x - 14, y - 30);
  context.arc(x, y - 30, 14, Math.PI, 0);
  context.bezierCurveTo(x + 14, y - 20, x + 6, y - 14, x, y);
  context.closePath();
  context.fillStyle = '#1a237e';
  context.fill();
  context.lineWidth = 3;
  context.strokeStyle = '#fff';
  context.stroke();
  context.beginPath();
  context.arc(x, y - 30, 5, 0, Math.PI * 2);
  context.fillStyle = '#fff';
  context.fill();
}

/** A white panel with a thin border. */
function panel(context: SKRSContext2D, x: number, y: number, width: number, height: number): void {
  context.fillStyle = 'rgba(255,255,255,0.92)';
  context.fillRect(x, y, width, height);
  context.strokeStyle = '#888';
  context.lineWidth = 1;
  context.strokeRect(x + 0.5, y + 0.5, width - 1, height - 1);
}

function drawTitle(context: SKRSContext2D, title: string, subtitle: string): void {
  context.font = font(22, true);
  const width = Math.max(context.measureText(title).width, (context.font = font(16), context.measureText(subtitle).width)) + 28;
  panel(context, 12, 12, width, 66);
  context.fillStyle = '#111';
  context.font = font(22, true);
  context.fillText(title, 26, 40);
  context.font = font(16);
  context.fillStyle = '#444';
  context.fillText(subtitle, 26, 66);
}

/** The five legend bands of the country with their risk levels; returns the panel's box. */
function drawLegend(context: SKRSContext2D, countryId: CountryId): PixelBox {
  const bands = scoreRangeForCountry(countryId).colorBreaks;
  const x = MAP_WIDTH - 272;
  const y = 12;
  const height = 36 + bands.length * 28;
  panel(context, x, y, 260, height);
  context.fillStyle = '#111';
  context.font = font(16, true);
  context.fillText('Score (100 = national average)', x + 10, y + 24);
  context.font = font(15);
  bands.forEach((band, index) => {
    const top = y + 36 + index * 28;
    context.globalAlpha = CELL_ALPHA + 0.25;
    context.fillStyle = band.color;
    context.fillRect(x + 10, top, 30, 20);
    context.globalAlpha = 1;
    context.strokeStyle = '#666';
    context.strokeRect(x + 10.5, top + 0.5, 29, 19);
    context.fillStyle = '#222';
    const last = index === bands.length - 1;
    context.fillText(`${band.min}${last ? '+' : `–${band.max}`}  ${SCORE_SEVERITY_LABELS[SEVERITIES[index]!]}`, x + 50, top + 15);
  });
  return [x, y, x + 260, y + height];
}

/** A scale bar in miles of a round length about 160 px long; returns its panel's box. */
function drawScaleBar(context: SKRSContext2D, latitude: number, zoom: number): PixelBox {
  const milesPerPixel = metersPerPixel(latitude, zoom) / METERS_PER_MILE;
  const target = milesPerPixel * 160;
  const steps = [0.25, 0.5, 1, 2, 5, 10, 20, 50, 100];
  const miles = steps.reduce((best, step) => (Math.abs(step - target) < Math.abs(best - target) ? step : best), steps[0]!);
  const length = miles / milesPerPixel;
  const x = 20;
  const y = MAP_HEIGHT - 44;
  panel(context, x - 8, y - 26, length + 90, 40);
  context.fillStyle = '#222';
  context.fillRect(x, y, length, 6);
  context.fillRect(x, y - 6, 2, 12);
  context.fillRect(x + length - 2, y - 6, 2, 12);
  context.font = font(15);
  context.fillText(`${miles} mi`, x + length + 10, y + 6);
  context.fillText('0', x, y - 9);
  return [x - 8, y - 26, x - 8 + length + 90, y + 14];
}

/** The base map's sources along the bottom right; returns the strip's box. */
function drawAttribution(context: SKRSContext2D, attribution: string): PixelBox {
  context.font = font(13);
  const width = context.measureText(attribution).width + 14;
  context.fillStyle = 'rgba(255,255,255,0.85)';
  context.fillRect(MAP_WIDTH - width, MAP_HEIGHT - 22, width, 22);
  context.fillStyle = '#333';
  context.fillText(attribution, MAP_WIDTH - width + 7, MAP_HEIGHT - 6);
  return [MAP_WIDTH - width, MAP_HEIGHT - 22, MAP_WIDTH, MAP_HEIGHT];
}
