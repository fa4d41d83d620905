let supported: boolean | undefined;
let renderer = '';

/**
 * Whether this browser can give the map a WebGL context. Checked once, before the map's code is
 * even loaded, so a browser without WebGL (or a test's jsdom) gets the text fallback at once.
 */
export function canDrawMaps(): boolean {
  if (supported !== undefined) return supported;
  if (typeof WebGLRenderingContext === 'undefined') return (supported = false);
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    supported = gl !== null;
    if (gl) {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    supported = false;
  }
  return supported;
}

/**
 * Whether WebGL is drawn by the CPU (SwiftShader, llvmpipe, Windows' basic render driver): virtual
 * desktops and machines without a GPU driver, where every frame's cost grows with its pixels.
 */
export function drawnByCpu(): boolean {
  return canDrawMaps() && /swiftshader|llvmpipe|softpipe|software|basic render/i.test(renderer);
}
