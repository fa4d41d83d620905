import type { Locator, Page } from '@playwright/test';

/** What a screenshot of a map shows: how many distinct colours, and where a reference colour first appears. */
export interface MapPixels {
  /** Distinct colours: a blank or failed map has a handful, a drawn one hundreds. */
  colours: number;
  /** The first pixel of the reference colour (within 3 per channel), in CSS pixels from the element's corner; null when absent. */
  first: { x: number; y: number } | null;
}

/** Reads a screenshot of the element back into pixels (decoded by the browser, so no image library is needed). */
export async function mapPixels(page: Page, element: Locator, reference: readonly number[] = [-10, -10, -10]): Promise<MapPixels> {
  const png = (await element.screenshot()).toString('base64');
  const box = (await element.boundingBox())!;
  return page.evaluate(
    async ({ data, rgb, width }) => {
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
      const colours = new Set<number>();
      let first: { x: number; y: number } | null = null;
      for (let i = 0; i < pixels.length; i += 4) {
        colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
        if (!first && Math.abs(pixels[i]! - rgb[0]!) <= 3 && Math.abs(pixels[i + 1]! - rgb[1]!) <= 3 && Math.abs(pixels[i + 2]! - rgb[2]!) <= 3) {
          first = { x: ((i / 4) % image.width) * scale, y: Math.floor(i / 4 / image.width) * scale };
        }
      }
      return { colours: colours.size, first };
    },
    { data: png, rgb: [...reference], width: box.width },
  );
}
