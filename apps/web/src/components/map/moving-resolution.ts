import type { MapRef } from 'react-map-gl/maplibre';
import { drawnByCpu } from './webgl';

/** Share of the screen's pixel ratio the map draws at while it moves, when the CPU draws WebGL. */
const MOVING_RESOLUTION = 0.4;
/**
 * A gesture is often several moves (wheel steps, a drag with pauses): sharpen only once the map has
 * drawn everything at rest and stayed so this long, so the slow full-resolution frame is drawn once.
 */
const RESTORE_AFTER_MS = 150;

/**
 * Draws the map at 40 % of its resolution (a sixth of the pixels) while it pans, zooms or flies,
 * and sharp again when it stops — only where the CPU draws WebGL (a virtual desktop without a GPU),
 * where a frame's cost follows its pixel count: there a full-resolution frame of a desktop-sized
 * map takes 50–100 ms, a lowered one 17–33 ms, so the map keeps up with the hand. Everywhere else
 * the map is always drawn sharp.
 */
export class MovingResolution {
  private lowered = false;
  private restoreTimer: ReturnType<typeof setTimeout> | undefined;

  /** Whether the map is drawn at the lowered resolution (it is not finished drawing until it is sharp again). */
  get isLowered(): boolean {
    return this.lowered;
  }

  /** Call on movestart. */
  lower(map: MapRef): void {
    clearTimeout(this.restoreTimer);
    if (this.lowered || !drawnByCpu()) return;
    this.lowered = true;
    this.change(map, window.devicePixelRatio * MOVING_RESOLUTION);
  }

  /** Call when the map is idle with all its data drawn: back to full resolution once it has rested. */
  restoreWhenRested(map: MapRef): void {
    if (!this.lowered) return;
    clearTimeout(this.restoreTimer);
    this.restoreTimer = setTimeout(() => {
      this.lowered = false;
      this.change(map, window.devicePixelRatio);
    }, RESTORE_AFTER_MS);
  }

  /** Call when the map goes away. */
  dispose(): void {
    clearTimeout(this.restoreTimer);
  }

  private change(map: MapRef, pixelRatio: number): void {
    const instance = map.getMap();
    // Not setPixelRatio(): it resizes through Map.resize(), which stops the camera when no camera
    // animation runs — and a drag or a wheel zoom is not one, so the gesture would end at its first
    // frame. These are the same steps without the stop (both typed members of MapLibre's Map).
    instance._overridePixelRatio = pixelRatio;
    instance._resizeInternal();
    instance.triggerRepaint();
  }
}
