import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdfjs's metrics of the 14 standard PDF fonts (the PDF's Helvetica), read from its package. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/*
 * Reads a PDF as a person would: the text of each page (pdfjs extracts it as a viewer does) and
 * pages rendered to PNG. Shared by the documents tests and the screenshot script.
 */

/** The text of every page of a PDF, one string per page. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  await document.destroy();
  return pages;
}

/** The canvas pdfjs renders on in Node (its @napi-rs/canvas). */
type NodeCanvas = { width: number; height: number; toBuffer(mime: 'image/png'): Buffer };
type NodeContext = { fillStyle: string; fillRect(x: number, y: number, width: number, height: number): void };

/** Page `number` (from 1) of a PDF rendered to a PNG at `scale` (1 = 72 dpi). */
export async function renderPdfPage(pdf: Buffer, number: number, scale = 1.5): Promise<Buffer> {
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, isEvalSupported: false }).promise;
  const page = await document.getPage(number);
  const viewport = page.getViewport({ scale });
  // pdfjs's own canvas factory: its paths must be drawn on a canvas of the same canvas module.
  const factory = (document as unknown as { canvasFactory: { create(width: number, height: number): { canvas: NodeCanvas; context: NodeContext } } }).canvasFactory;
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0]).promise;
  const png = canvas.toBuffer('image/png');
  await document.destroy();
  return png;
}

/** How many images page `number` (from 1) of a PDF draws (image XObjects painted, inline images included). */
export async function pdfPageImageCount(pdf: Buffer, number: number): Promise<number> {
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, isEvalSupported: false }).promise;
  const { fnArray } = await (await document.getPage(number)).getOperatorList();
  const painting = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageXObjectRepeat]);
  const count = fnArray.filter((op) => painting.has(op)).length;
  await document.destroy();
  return count;
}

/** The number of pages of a PDF. */
export async function pdfPageCount(pdf: Buffer): Promise<number> {
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, isEvalSupported: false }).promise;
  const count = document.numPages;
  await document.destroy();
  return count;
}

/**
 * What a PNG shows: how many of its pixels differ from white, and how many have the given colour
 * (within a tolerance) — enough to tell a blank image from a drawn one and to find a base layer.
 */
export async function pngPixels(png: Buffer, colour?: [number, number, number], tolerance = 12): Promise<{ total: number; nonWhite: number; matching: number }> {
  const { loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  let nonWhite = 0;
  let matching = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r < 245 || g < 245 || b < 245) nonWhite += 1;
    if (colour && Math.abs(r - colour[0]) <= tolerance && Math.abs(g - colour[1]) <= tolerance && Math.abs(b - colour[2]) <= tolerance) matching += 1;
  }
  return { total: data.length / 4, nonWhite, matching };
}
