import { MAP_TOKEN_LIFETIME_MS, MapLayerId } from '@riskatlas/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { forgetLayerTokens, layerToken, loadMapConfig, loadPlaceLabels } from './map-api';

const tokenAnswer = (token: string) => ({ body: { token, mapLayerID: MapLayerId.CityLabels, lifetime: MAP_TOKEN_LIFETIME_MS, expires: new Date().toISOString() } });

describe('map API client', () => {
  afterEach(() => forgetLayerTokens());

  it('draws the offline base layers when the configuration cannot be read, and the server’s style once it can', async () => {
    const api = mockApi({ 'GET map/config': { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a few moments.' } } });
    await expect(loadMapConfig()).resolves.toEqual({ styleUrl: null });
    api.on('GET map/config', { body: { styleUrl: 'https://tiles.example.com/style.json' } });
    await expect(loadMapConfig()).resolves.toEqual({ styleUrl: 'https://tiles.example.com/style.json' });
  });

  it('reuses a layer token and asks for a new one just before it expires', async () => {
    let issued = 0;
    const api = mockApi({ 'POST map/token': () => tokenAnswer(`token-${(issued += 1)}`) });
    const start = 1_000_000;
    expect(await layerToken(MapLayerId.CityLabels, start)).toBe('token-1');
    expect(await layerToken(MapLayerId.CityLabels, start + MAP_TOKEN_LIFETIME_MS - 120_000)).toBe('token-1');
    expect(await layerToken(MapLayerId.CityLabels, start + MAP_TOKEN_LIFETIME_MS - 30_000)).toBe('token-2');
    expect(api.callsTo('POST map/token').map((call) => call.body)).toEqual([{ mapLayerID: MapLayerId.CityLabels }, { mapLayerID: MapLayerId.CityLabels }]);
  });

  it('asks for labels of a rounded box with the labels layer’s token, once per box and zoom', async () => {
    const api = mockApi({
      'POST map/token': tokenAnswer('labels-token'),
      'GET map/places': { body: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [-87.63, 41.88] }, properties: { n: 'Chicago', r: 0 } }] } },
    });
    const first = await loadPlaceLabels([-88.01, 41.61, -87.41, 42.11], 9.4);
    await loadPlaceLabels([-88.0, 41.62, -87.42, 42.1], 9.6);
    expect(first.features[0]!.properties.n).toBe('Chicago');
    const calls = api.callsTo('GET map/places');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.get('token')).toBe('labels-token');
    expect(calls[0]!.query.get('zoom')).toBe('9');
    expect(Number(calls[0]!.query.get('west'))).toBeLessThanOrEqual(-88.01);
    expect(Number(calls[0]!.query.get('north'))).toBeGreaterThanOrEqual(42.11);
  });
});
