import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GlobalFonts } from '@napi-rs/canvas';

/** The family the maps' labels are drawn in. */
export const MAP_FONT = 'Liberation Sans';

let registered = false;

/**
 * Registers the shipped Liberation Sans (apps/api/assets/fonts) once, so labels draw on a machine
 * with no system fonts. Found by walking up from this module: it works from the sources and from
 * the bundle in apps/api/dist.
 */
export function ensureMapFont(): void {
  if (registered) return;
  registered = true;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const fonts = join(dir, 'assets', 'fonts');
    if (existsSync(join(fonts, 'LiberationSans-Regular.ttf'))) {
      GlobalFonts.registerFromPath(join(fonts, 'LiberationSans-Regular.ttf'), MAP_FONT);
      GlobalFonts.registerFromPath(join(fonts, 'LiberationSans-Bold.ttf'), MAP_FONT);
      return;
    }
    if (dirname(dir) === dir) return;
  }
}
