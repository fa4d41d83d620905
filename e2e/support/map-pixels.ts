import type { Locator, Page } from '@playwright/test';

/** A colour as red, green and blue, 0–255. */
type Rgb = readonly number[];
/** A pixel position in CSS pixels from the element's top-left corner. */
type At = { x: number; y: number };

/** What a screenshot of a map shows: how many distinct colours, and how much of each reference colour and where. */
export interface MapPixels {
  /** Distinct colours: a blank or failed map has a handful, a drawn one hundreds. */
  colours: number;
  /** Pixels of each reference colour (within 3 per channel), in the order asked. */
  counts: number[];
  /** The first pixel of each reference colour, null when absent. */
  firsts: Array<At | null>;
  /** The first pixel of the first reference colour (the usual question: where is a dot of this colour?). */
  first: At | null;
}

/**
 * Reads a screenshot of the element back into pixels (decoded by the browser, so no image library
 * is needed) and looks for the reference colours in it.
 */
export async function mapPixels(page: Page, element: Locator, ...references: Rgb[]): Promise<MapPixels> {
  const png = (await element.screenshot()).toString('base64');
  const box = (await element.boundingBox())!;
  const found = await page.evaluate(
    async ({ data, rgbs, width }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const scale = width / image.width;
      const near = (i: number, [r, g, b]: number[]) => Math.abs(pixels[i]! - r!) <= 3 && Math.abs(pixels[i + 1]! - g!) <= 3 && Math.abs(pixels[i + 2]! - b!) <= 3;
      const colours = new Set<number>();
      const counts = rgbs.map(() => 0);
      const firsts: Array<{ x: number; y: number } | null> = rgbs.map(() => null);
      for (let i = 0; i < pixels.length; i += 4) {
        colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
        rgbs.forEach((rgb, k) => {
          if (!near(i, rgb)) return;
          counts[k]! += 1;
          firsts[k] ??= { x: ((i / 4) % image.width) * scale, y: Math.floor(i / 4 / image.width) * scale };
        });
      }
      return { colours: colours.size, counts, firsts };
    },
    { data: png, rgbs: references.map((rgb) => [...rgb]), width: box.width },
  );
  return { ...found, first: found.firsts[0] ?? null };
}
