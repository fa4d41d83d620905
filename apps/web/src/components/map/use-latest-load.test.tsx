import { act, renderHook, waitFor } from '@testing-library/react';
import type { FeatureCollection } from 'geojson';
import { describe, expect, it, vi } from 'vitest';
import { useLatestLoad } from './use-latest-load';

const collection = (name: string): FeatureCollection => ({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: { name } }] });
const nameOf = (data: FeatureCollection) => data.features[0]?.properties?.name as string | undefined;

/** A load the test finishes by hand, remembering the signal it was given. */
function deferred() {
  let resolve!: (value: FeatureCollection) => void;
  let reject!: (error: unknown) => void;
  let signal: AbortSignal | undefined;
  const promise = new Promise<FeatureCollection>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: (given: AbortSignal) => ((signal = given), promise), resolve, reject, signal: () => signal };
}

describe('useLatestLoad', () => {
  it('draws only the latest load: a slow answer for an older key never replaces a newer one', async () => {
    const older = deferred();
    const newer = deferred();
    const { result, rerender } = renderHook(({ key, load }) => useLatestLoad(load, key, undefined), { initialProps: { key: 'site-1', load: older.load } });
    rerender({ key: 'site-2', load: newer.load });
    expect(older.signal()?.aborted).toBe(true);
    await act(async () => newer.resolve(collection('site 2 incidents')));
    await act(async () => older.resolve(collection('site 1 incidents')));
    expect(nameOf(result.current)).toBe('site 2 incidents');
  });

  it('does not reload for a new loader function with the same key', () => {
    const first = vi.fn(() => new Promise<FeatureCollection>(() => undefined));
    const second = vi.fn(() => new Promise<FeatureCollection>(() => undefined));
    const { rerender } = renderHook(({ load }) => useLatestLoad(load, 'same', undefined), { initialProps: { load: first } });
    rerender({ load: second });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });

  it('clears the overlay and reports a failed load', async () => {
    const onError = vi.fn();
    const load = deferred();
    const { result } = renderHook(() => useLatestLoad(load.load, 'k', onError));
    await act(async () => load.reject(new Error('offline')));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('offline')));
    expect(result.current.features).toEqual([]);
  });

  it('hands a collection given directly straight through', () => {
    const { result } = renderHook(() => useLatestLoad(collection('rings'), undefined, undefined));
    expect(nameOf(result.current)).toBe('rings');
  });
});
