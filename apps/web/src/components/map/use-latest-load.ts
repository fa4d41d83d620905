import { useEffect, useState } from 'react';
import type { FeatureCollection } from 'geojson';
import type { OverlayData } from './types';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * An overlay's data: the collection as given, or the result of its loader. A new `dataKey` starts
 * a new load and aborts the one in flight, so only the latest load's answer is ever drawn. A
 * failed load clears the overlay and tells `onError` (the page's map error state).
 */
export function useLatestLoad(data: OverlayData, dataKey: string | undefined, onError: ((error: unknown) => void) | undefined): FeatureCollection {
  const [loaded, setLoaded] = useState<FeatureCollection>(EMPTY);
  const loader = typeof data === 'function' ? data : null;
  // The loader is read through the key: a new function object with the same key does not reload.
  const key = loader ? (dataKey ?? 'default') : null;

  useEffect(() => {
    if (!loader) return;
    const controller = new AbortController();
    loader(controller.signal).then(
      (collection) => {
        if (!controller.signal.aborted) setLoaded(collection);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded(EMPTY);
        onError?.(error);
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads on the key only, as documented
  }, [key]);

  return loader ? loaded : (data as FeatureCollection);
}
