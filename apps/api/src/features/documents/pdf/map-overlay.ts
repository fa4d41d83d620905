import { LABEL_STYLE, type MapOverlay, type PixelBox, type PlacedLabel } from '../report-map-image/draw-map';
import { BOLD, FONT, type Pdf } from './pdf-kit';

/** An image pdfkit has read: its size in pixels and, for a JPEG, its EXIF orientation. */
export interface PdfImage {
  width: number;
  height: number;
  orientation?: number;
}

/** pdfkit's openImage, missing from its types: reads an image's header so it can be measured and drawn. */
export function openImage(doc: Pdf, bytes: Buffer): PdfImage {
  return (doc as Pdf & { openImage(src: Buffer): PdfImage }).openImage(bytes);
}

/** Draws an image pdfkit has read (its types name only the bytes): drawn again, it is the same object in the file. */
export function drawImage(doc: Pdf, image: PdfImage, x: number, y: number, size: { width: number; height: number }): void {
  doc.image(image as unknown as Buffer, x, y, size);
}

/** The pin's colours, as on the web map. */
const PIN = { fill: '#1a237e', ring: '#ffffff' } as const;

/**
 * A report map at (x, y), `width` points wide: the backdrop image, then the report's overlay drawn
 * as vector graphics in the backdrop's pixels — the score cells (kept out of the backdrop's legend,
 * scale bar and attribution), the place labels over them, the site's pin and the title panel. Leaves doc.x and doc.y as they were.
 */
export function drawLayeredMap(doc: Pdf, backdrop: PdfImage, overlay: MapOverlay, x: number, y: number, width: number): void {
  const scale = width / overlay.width;
  const [textX, textY] = [doc.x, doc.y];
  drawImage(doc, backdrop, x, y, { width, height: overlay.height * scale });
  doc.save();
  doc.translate(x, y).scale(scale);
cells(doc, overlay);
labels(doc, overlay.labels);
  pin(doc, overlay.site);
  titlePanel(doc, overlay.title, overlay.subtitle);
  doc.restore();
  [doc.x, doc.y] = [textX, textY];
}

/** The cells, one path per colour (no seams where cells of a band meet), clipped to the picture outside its panels. */
function cells(doc: Pdf, overlay: MapOverlay): void {
  doc.save();
  doc.rect(0, 0, overlay.width, overlay.height);
  for (const box of overlay.panels) rectOf(doc, box);
  doc.clip('even-odd');
  for (const { color, boxes } of overlay.cells) {
    for (let index = 0; index < boxes.length; index += 4) doc.rect(boxes[index]!, boxes[index + 1]!, boxes[index + 2]!, boxes[index + 3]!);
    doc.fillColor(color, overlay.cellAlpha).fill();
  }
  doc.restore();
}

/** The place labels as text with a white halo: the halo stroked first, the text filled over it. */
function labels(doc: Pdf, placed: readonly PlacedLabel[]): void {
  doc.font(FONT).fontSize(LABEL_STYLE.size).lineWidth(LABEL_STYLE.haloWidth).lineJoin('round');
  for (const label of placed) {
    const x = label.x - doc.widthOfString(label.name) / 2;
    doc.strokeColor(LABEL_STYLE.halo, LABEL_STYLE.haloAlpha).text(label.name, x, label.y, { lineBreak: false, baseline: 'middle', stroke: true, fill: false });
    doc.fillColor(LABEL_STYLE.color, 1).text(label.name, x, label.y, { lineBreak: false, baseline: 'middle' });
  }
}

function rectOf(doc: Pdf, [left, top, right, bottom]: PixelBox): void {
  doc.rect(left, top, right - left, bottom - top);
}

/** The site: a dark pin with a white ring, its point at the site. */
function pin(doc: Pdf, [x, y]: readonly [number, number]): void {
  doc.path(`M ${x} ${y} C ${x - 6} ${y - 14} ${x - 14} ${y - 20} ${x - 14} ${y - 30} A 14 14 0 0 1 ${x + 14} ${y - 30} C ${x + 14} ${y - 20} ${x + 6} ${y - 14} ${x} ${y} Z`);
  doc.lineWidth(3).fillColor(PIN.fill, 1).strokeColor(PIN.ring, 1).fillAndStroke();
  doc.circle(x, y - 30, 5).fillColor(PIN.ring, 1).fill();
}

/** The white panel top left: the map's title in bold and the site, methodology and release under it. */
function titlePanel(doc: Pdf, title: string, subtitle: string): void {
  const width = Math.max(doc.font(BOLD).fontSize(22).widthOfString(title), doc.font(FONT).fontSize(16).widthOfString(subtitle)) + 28;
  doc.rect(12, 12, width, 66).fillColor('#ffffff', 0.92).fill();
  doc.rect(12.5, 12.5, width - 1, 65).lineWidth(1).strokeColor('#888888', 1).stroke();
  doc.font(BOLD).fontSize(22).fillColor('#111111', 1).text(title, 26, 40, { lineBreak: false, baseline: 'alphabetic' });
  doc.font(FONT).fontSize(16).fillColor('#444444', 1).text(subtitle, 26, 66, { lineBreak: false, baseline: 'alphabetic' });
}
