import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapRef } from 'react-map-gl/maplibre';
import { MovingResolution } from './moving-resolution';
import { drawnByCpu } from './webgl';

vi.mock('./webgl', () => ({ drawnByCpu: vi.fn(() => true) }));

/** A map whose resize, like MapLibre's when the camera is at rest, fires the move events again. */
function fakeMap(onResize: () => void) {
  const ratios: number[] = [];
  const map = { getMap: () => ({ setPixelRatio: (ratio: number) => (ratios.push(ratio), onResize()) }) } as unknown as MapRef;
  return { map, ratios };
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

  it('draws at 40 % of the resolution while the map moves and sharp again once it has rested', () => {
    const resolution = new MovingResolution();
    const { map, ratios } = fakeMap(() => undefined);
    resolution.lower(map);
    expect(ratios).toEqual([0.8]);
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

  it('ignores the move events its own resize fires', () => {
    const resolution = new MovingResolution();
    let nested = 0;
    const { map, ratios } = fakeMap(() => {
      nested += 1;
      resolution.lower(map);
      resolution.restoreWhenRested(map);
    });
    resolution.lower(map);
    resolution.restoreWhenRested(map);
    vi.runAllTimers();
    expect(nested).toBe(2);
    expect(ratios).toEqual([0.8, 2]);
  });

  it('never changes the resolution where a GPU draws the map', () => {
    vi.mocked(drawnByCpu).mockReturnValue(false);
    const resolution = new MovingResolution();
    const { map, ratios } = fakeMap(() => undefined);
    resolution.lower(map);
    resolution.restoreWhenRested(map);
    vi.runAllTimers();
    expect(ratios).toEqual([]);
    expect(resolution.isLowered).toBe(false);
  });
});
