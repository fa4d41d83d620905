import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { SCORE_SEVERITY_LABELS, scoreRangeForCountry, type CountryId, type ScoreSeverity, type TReportMapResponse } from '@riskatlas/domain';
import { drawBaseMap } from './base-layer';
import { ensureMapFont, MAP_FONT } from './fonts';
import { metersPerPixel, project, viewAround, viewBox, type MapView } from './mercator';

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
/** High enough that labels stay crisp in print. */
const JPEG_QUALITY = 90;

const font = (size: number, bold = false) => `${bold ? 'bold ' : ''}${size}px "${MAP_FONT}", sans-serif`;

/** How a drawn map is encoded: PNG for the map endpoint; JPEG inside the PDF, which embeds it as it is (a PNG with alpha it would re-compress). */
export type MapEncoding = 'png' | 'jpeg';

/** A report map: base map, score cells, place labels, the site, legend, scale bar, attribution. */
export function drawReportMap(picture: MapPicture, encoding: MapEncoding = 'png'): Buffer {
  const canvas = paintReportMap(picture);
  return encoding === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', JPEG_QUALITY);
}

/**
 * The same map as drawReportMap, encoded on libuv's thread pool: the drawing is done when this
 * returns, the encoding (about half of a map's time for a JPEG) runs beside the caller's next work.
 */
export function drawReportMapAsync(picture: MapPicture, encoding: MapEncoding): Promise<Buffer> {
  const canvas = paintReportMap(picture);
  return encoding === 'png' ? canvas.encode('png') : canvas.encode('jpeg', JPEG_QUALITY);
}

/** Draws a report map on a new canvas. */
function paintReportMap(picture: MapPicture): Canvas {
  ensureMapFont();
  const canvas = createCanvas(MAP_WIDTH, MAP_HEIGHT);
  const context = canvas.getContext('2d');
  const view = viewAround(picture.latitude, picture.longitude, picture.zoom, MAP_WIDTH, MAP_HEIGHT);
  drawBaseMap(context, view);
  drawCells(context, view, picture.cells);
  const [siteX, siteY] = project(view, picture.longitude, picture.latitude);
  // The pin and the panels are placed first, so no label hides them or runs under them.
  const reserved: Array<[number, number, number, number]> = [
    [siteX - 20, siteY - 48, siteX + 20, siteY + 4],
    [0, 0, 460, 90],
    [MAP_WIDTH - 280, 0, MAP_WIDTH, 200],
    [0, MAP_HEIGHT - 80, 320, MAP_HEIGHT],
    [MAP_WIDTH - 760, MAP_HEIGHT - 26, MAP_WIDTH, MAP_HEIGHT],
  ];
  drawLabels(context, view, picture.labelsFor(viewBox(view), picture.zoom), reserved);
  drawSite(context, siteX, siteY);
  drawTitle(context, picture.title, picture.subtitle);
  drawLegend(context, picture.countryId);
  drawScaleBar(context, picture.latitude, picture.zoom);
  drawAttribution(context, picture.attribution);
  return canvas;
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

/** Text with a white halo, so it reads over cells and borders. */
function haloText(context: SKRSContext2D, text: string, x: number, y: number): void {
  context.lineWidth = 4;
  context.strokeStyle = 'rgba(255,255,255,0.9)';
  context.lineJoin = 'round';
  context.strokeText(text, x, y);
  context.fillText(text, x, y);
}

/** Place labels, largest first, each left out where it would overlap one already drawn. */
function drawLabels(context: SKRSContext2D, view: MapView, labels: readonly MapLabel[], reserved: ReadonlyArray<[number, number, number, number]>): void {
  const placed: Array<[number, number, number, number]> = [...reserved];
  context.font = font(17);
  context.fillStyle = '#333';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  for (const label of labels) {
    const [x, y] = project(view, label.longitude, label.latitude);
    const width = context.measureText(label.name).width + 8;
    const box: [number, number, number, number] = [x - width / 2, y - 12, x + width / 2, y + 12];
    if (box[0] < 0 || box[2] > view.width || box[1] < 0 || box[3] > view.height) continue;
    if (placed.some(([a, b, c, d]) => box[0] < c && box[2] > a && box[1] < d && box[3] > b)) continue;
    placed.push(box);
    haloText(context, label.name, x, y);
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

/** The five legend bands of the country with their risk levels. */
function drawLegend(context: SKRSContext2D, countryId: CountryId): void {
  const bands = scoreRangeForCountry(countryId).colorBreaks;
  const x = MAP_WIDTH - 272;
  const y = 12;
  panel(context, x, y, 260, 36 + bands.length * 28);
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
}

/** A scale bar in miles of a round length about 160 px long. */
function drawScaleBar(context: SKRSContext2D, latitude: number, zoom: number): void {
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
}

function drawAttribution(context: SKRSContext2D, attribution: string): void {
  context.font = font(13);
  const width = context.measureText(attribution).width + 14;
  context.fillStyle = 'rgba(255,255,255,0.85)';
  context.fillRect(MAP_WIDTH - width, MAP_HEIGHT - 22, width, 22);
  context.fillStyle = '#333';
  context.fillText(attribution, MAP_WIDTH - width + 7, MAP_HEIGHT - 6);
}
