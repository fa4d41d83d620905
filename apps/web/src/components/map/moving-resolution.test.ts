import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapRef } from 'react-map-gl/maplibre';
import { MovingResolution } from './moving-resolution';
import { drawnByCpu } from './webgl';

vi.mock('./webgl', () => ({ drawnByCpu: vi.fn(() => true) }));

/**
 * A map that records the pixel ratios it is drawn at. Its stop(), resize() and setPixelRatio()
 * throw: they would end the user's drag or wheel zoom in progress.
 */
function fakeMap() {
  const ratios: number[] = [];
  const instance = {
    _overridePixelRatio: null as number | null,
    _resizeInternal: () => ratios.push(instance._overridePixelRatio!),
    triggerRepaint: vi.fn(),
    stop: () => {
      throw new Error('stop() ends the gesture');
    },
    resize: () => {
      throw new Error('resize() stops the camera');
    },
    setPixelRatio: () => {
      throw new Error('setPixelRatio() resizes through resize()');
    },
  };
  return { map: { getMap: () => instance } as unknown as MapRef, ratios, instance };
}

describe('MovingResolution', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('devicePixelRatio', 2);
    vi.mocked(drawnByCpu).mockReturnValue(true);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('draws at 40 % of the resolution while the map moves and sharp again once it has rested, without stopping the gesture', () => {
    const resolution = new MovingResolution();
    const { map, ratios, instance } = fakeMap();
    resolution.lower(map);
    expect(ratios).toEqual([0.8]);
    expect(instance.triggerRepaint).toHaveBeenCalledTimes(1);
    expect(resolution.isLowered).toBe(true);
    resolution.restoreWhenRested(map);
    // A second wheel step within the rest time keeps the low resolution: no resize per step.
    vi.advanceTimersByTime(100);
    resolution.lower(map);
    resolution.restoreWhenRested(map);
    vi.advanceTimersByTime(149);
    expect(ratios).toEqual([0.8]);
    vi.advanceTimersByTime(1);
    expect(ratios).toEqual([0.8, 2]);
    expect(resolution.isLowered).toBe(false);
  });

  it('stops a pending sharpening when the map goes away', () => {
    const resolution = new MovingResolution();
    const { map, ratios } = fakeMap();
    resolution.lower(map);
    resolution.restoreWhenRested(map);
    resolution.dispose();
    vi.runAllTimers();
    expect(ratios).toEqual([0.8]);
  });

  it('never changes the resolution where a GPU draws the map', () => {
    vi.mocked(drawnByCpu).mockReturnValue(false);
    const resolution = new MovingResolution();
    const { map, ratios } = fakeMap();
    resolution.lower(map);
    resolution.restoreWhenRested(map);
    vi.runAllTimers();
    expect(ratios).toEqual([]);
    expect(resolution.isLowered).toBe(false);
  });
});
