let supported: boolean | undefined;

/**
 * Whether this browser can give the map a WebGL context. Checked once, before the map's code is
 * even loaded, so a browser without WebGL (or a test's jsdom) gets the text fallback at once.
 */
export function canDrawMaps(): boolean {
  if (supported !== undefined) return supported;
  if (typeof WebGLRenderingContext === 'undefined') return (supported = false);
  try {
    const canvas = document.createElement('canvas');
    supported = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) !== null;
  } catch {
    supported = false;
  }
  return supported;
}
