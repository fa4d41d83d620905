/**
 * The hosts the content security policy must allow for the online map style: the style URL's
 * origin, for the style JSON, tiles, glyphs and sprites it serves (connect-src) and raster tiles
 * and sprite images (img-src). Nothing without a style URL: the offline map needs no other host.
 */
export function mapContentSources(styleUrl: string | undefined): { connectSrc: string[]; imgSrc: string[] } {
  if (!styleUrl) return { connectSrc: [], imgSrc: [] };
  const { origin } = new URL(styleUrl);
  return { connectSrc: [origin], imgSrc: [origin] };
}
