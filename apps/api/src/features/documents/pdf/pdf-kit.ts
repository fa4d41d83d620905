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
  const rowHeight = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(size);
    return Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 2 * padding }))) + 2 * padding;
  };
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
      doc.font(font).fontSize(size).fillColor(INK).text(cell, x + padding, y + padding, { width: column.width - 2 * padding, align: column.align ?? 'left' });
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
