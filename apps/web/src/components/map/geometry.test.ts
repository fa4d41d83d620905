import { describe, expect, it } from 'vitest';
import { fitView } from './geometry';

describe('fitView', () => {
  it('fits the box around the points, no closer than the zoom asked', () => {
    const view = fitView(
      [
        { latitude: 41.88, longitude: -87.63 },
        { latitude: 30.27, longitude: -97.74 },
        { latitude: 39.74, longitude: -104.99 },
      ],
      13,
    );
    expect(view).toEqual({ bounds: [-104.99, 30.27, -87.63, 41.88], maxZoom: 13 });
  });

  it('shows the five countries, from Alaska to the UK and down to Mexico, without points', () => {
    expect(fitView([], 17)).toEqual({ bounds: [-168, 14, 2, 72] });
  });
});
