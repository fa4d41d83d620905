import type PDFDocument from 'pdfkit';

/** A pdfkit document. */
export type Pdf = InstanceType<typeof PDFDocument>;

/** US Letter in points, with the margins every page keeps. */
export const PAGE = { width: 612, height: 792, margin: 42 } as const;
/** The width text and tables may use. */
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Lowest y content may reach: the footer (page number, site) lies below it. */
const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 18;

export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const INK = '#1b1b1b';
export const MUTED = '#555555';
export const RULE = '#c8c8c8';
export const ACCENT = '#1a237e';

/** Starts a new page when `height` more points would not fit above the footer. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > CONTENT_BOTTOM) doc.addPage();
}

/** A section heading: bold, accent-coloured, with a rule under it. */
export function sectionHeading(doc: Pdf, title: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(0.6);
  doc.font(BOLD).fontSize(15).fillColor(ACCENT).text(title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  const y = doc.y + 3;
  doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + CONTENT_WIDTH, y).lineWidth(0.8).strokeColor(ACCENT).stroke();
  doc.y = y + 8;
  doc.fillColor(INK);
}

/** A smaller heading inside a section. */
export function subHeading(doc: Pdf, title: string): void {
  ensureSpace(doc, 40);
  doc.moveDown(0.4);
  doc.font(BOLD).fontSize(11.5).fillColor(INK).text(title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.25);
}

/** A paragraph of body text. */
export function paragraph(doc: Pdf, text: string, options: { size?: number; color?: string } = {}): void {
  doc.font(FONT).fontSize(options.size ?? 9.5).fillColor(options.color ?? INK).text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH, lineGap: 1.5 });
  doc.moveDown(0.4);
}

/** Text with no white space (a figure, a dash, one word): laid out as one line, wrapping never splits it. */
const ONE_WORD = /^[^\s\u00ad]+$/;

/**
 * Writes `text` at (x, y) within `width` as doc.text(text, x, y, { width, align, ...options }) would, skipping
 * pdfkit's line wrapper when the text is one word that fits (a table's figures: most of a report's
 * text calls): the same position, computed directly. Other text goes through the wrapper.
 */
export function fittedText(doc: Pdf, text: string, x: number, y: number, width: number, align: 'left' | 'right' | 'center' = 'left', options: { lineBreak?: boolean } = {}): void {
  if (ONE_WORD.test(text)) {
    const textWidth = doc.widthOfString(text);
    if (textWidth <= width) {
      const offset = align === 'right' ? width - textWidth : align === 'center' ? width / 2 - textWidth / 2 : 0;
      doc.text(text, x + offset, y, { lineBreak: false });
      return;
    }
  }
  doc.text(text, x, y, { width, align, ...options });
}

/** Heights of wrapped cells kept (a number each): table rows repeat from report to report. */
const HEIGHTS_KEPT = 4096;
const heights = new Map<string, number>();

/**
 * doc.heightOfString(text, { width }) in `font` at `size` (set on the document when measured), remembered: the sources table,
 * the demographic measures and the crime type names are the same in every report, and pdfkit
 * lays a cell out in full to measure it. At most HEIGHTS_KEPT heights are kept (the oldest go).
 */
function textHeight(doc: Pdf, font: string, size: number, text: string, width: number): number {
  const key = `${font}\u0000${size}\u0000${width}\u0000${text}`;
  const known = heights.get(key);
  if (known !== undefined) return known;
  doc.font(font).fontSize(size);
  const height = doc.heightOfString(text, { width });
  heights.set(key, height);
  if (heights.size > HEIGHTS_KEPT) heights.delete(heights.keys().next().value!);
  return height;
}

/** How many cell heights are remembered (for tests of the bound). */
export function textHeightsKept(): number {
  return heights.size;
}

/** A column of a plain table. */
export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/**
 * A plain table: a shaded header row (repeated on each new page) and rows of text that wrap within
 * their column; a row that would cross the footer moves to the next page whole.
 */
export function plainTable(doc: Pdf, columns: readonly Column[], rows: ReadonlyArray<readonly string[]>, size = 9): void {
  const padding = 4;
  const x0 = PAGE.margin;
  const rowHeight = (cells: readonly string[], font: string) => Math.max(...cells.map((cell, i) => textHeight(doc, font, size, cell, columns[i]!.width - 2 * padding))) + 2 * padding;
  const drawRow = (cells: readonly string[], header: boolean) => {
    const font = header ? BOLD : FONT;
    const height = rowHeight(cells, font);
    if (doc.y + height > CONTENT_BOTTOM) {
      doc.addPage();
      if (!header) drawRow(columns.map((column) => column.header), true);
    }
    const y = doc.y;
    if (header) doc.rect(x0, y, CONTENT_WIDTH, height).fill('#e8eaf6');
    let x = x0;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.font(font).fontSize(size).fillColor(INK);
      fittedText(doc, cell, x + padding, y + padding, column.width - 2 * padding, column.align ?? 'left');
      x += column.width;
    });
    doc.moveTo(x0, y + height).lineTo(x0 + CONTENT_WIDTH, y + height).lineWidth(0.4).strokeColor(RULE).stroke();
    doc.x = x0;
    doc.y = y + height;
  };
  drawRow(columns.map((column) => column.header), true);
  for (const row of rows) drawRow(row, false);
  doc.moveDown(0.6);
}
