import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { BOLD, CONTENT_WIDTH, FONT, fittedText, plainTable, textHeightsKept, type Pdf } from './pdf-kit';

/** The document's content as written (uncompressed) after `draw`. */
async function pageContent(draw: (doc: Pdf) => void): Promise<string> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 42, compress: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', resolve));
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks).toString('latin1');
}

/**
 * The text of a content stream: its '[…] TJ' strings and, for the '1 0 0 1 x y Tm' positions, x
 * and y to a thousandth of a point (the two ways add the same offsets in another order).
 */
const textOperators = (content: string) =>
  (content.match(/[-\d.]+ [-\d.]+ Tm|\[[^\]]*\] TJ/g) ?? []).map((operator) =>
    operator.endsWith('Tm') ? operator.split(' ').slice(0, 2).map((value) => Number(value).toFixed(3)).join(' ') : operator,
  );

describe('pdf-kit: fast text for tables', () => {
  it('places one-word cells exactly where pdfkit wrapping places them, in every alignment', async () => {
    const cells = ['143*', '1,204', '—', '$52,300', '12.5'];
    for (const align of ['left', 'center', 'right'] as const) {
      const wrapped = await pageContent((doc) => {
        doc.font(BOLD).fontSize(9);
        cells.forEach((cell, i) => doc.text(cell, 60 + i * 70, 100, { width: 52.3, align }));
      });
      const fitted = await pageContent((doc) => {
        doc.font(BOLD).fontSize(9);
        cells.forEach((cell, i) => fittedText(doc, cell, 60 + i * 70, 100, 52.3, align));
      });
      expect(textOperators(fitted).length).toBe(2 * cells.length);
      expect(textOperators(fitted)).toEqual(textOperators(wrapped));
    }
  });

  it('wraps text with spaces, and one word wider than its column, as pdfkit does', async () => {
    const long = 'Crimes Against Persons and Property in the comparison area';
    const wrapped = await pageContent((doc) => doc.font(FONT).fontSize(9).text(long, 60, 100, { width: 80, align: 'right' }).text('Supercalifragilistic', 60, 200, { width: 30 }));
    const fitted = await pageContent((doc) => {
      doc.font(FONT).fontSize(9);
      fittedText(doc, long, 60, 100, 80, 'right');
      fittedText(doc, 'Supercalifragilistic', 60, 200, 30);
    });
    expect(textOperators(fitted).length).toBeGreaterThan(4);
    expect(textOperators(fitted)).toEqual(textOperators(wrapped));
  });

  it('keeps row heights for the table widths and fonts they were measured in, and a bounded number of them', async () => {
    const text = 'Uniform Crime Reporting Program, Federal Bureau of Investigation';
    /** Where a one-row table of `text` ends (doc.y after it). */
    const table = async (width: number, size: number) => {
      let end = 0;
      await pageContent((doc) => {
        doc.y = 100;
        plainTable(doc, [{ header: 'Source', width }, { header: 'Value', width: CONTENT_WIDTH - width }], [[text, '1']], size);
        end = doc.y;
      });
      return end;
    };
    // The same text in a narrower column or a larger size wraps to more lines: a taller row.
    const wide = await table(400, 9);
    const narrow = await table(90, 9);
    const larger = await table(400, 14);
    expect(narrow).toBeGreaterThan(wide);
    expect(larger).toBeGreaterThan(wide);
    expect(await table(400, 9)).toBe(wide);
    // Thousands of different cells later, no more than the bound is held.
    await pageContent((doc) => {
      for (let n = 0; n < 5_000; n += 1) plainTable(doc, [{ header: 'Cell', width: 200 }], [[`cell ${n}`]]);
    });
    expect(textHeightsKept()).toBeLessThanOrEqual(4_096);
    expect(textHeightsKept()).toBeGreaterThan(4_000);
  });
});
