import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { Marker, useMap } from 'react-map-gl/maplibre';
import { placeLabels, type LabelCandidate } from './label-layout';
import { loadPlaceLabels } from './map-api';
import type { MapBounds } from './types';

interface PlacedLabel extends LabelCandidate {
  longitude: number;
  latitude: number;
}

/** Waits for the map to settle before asking for labels: a fling must not send a request per frame. */
const SETTLE_MS = 150;

/**
 * City and town names as HTML markers (the offline style has no glyphs to draw text with): asked
 * from the server for the view whenever the map settles, placed largest first, never overlapping.
 * They ignore the pointer, so the sites under them stay clickable.
 */
export function CityLabels({ dark }: { dark: boolean }) {
  const { current: map } = useMap();
  const [labels, setLabels] = useState<PlacedLabel[]>([]);

  useEffect(() => {
    if (!map) return;
    let controller: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      controller?.abort();
      const current = (controller = new AbortController());
      const bounds = map.getBounds();
      const box: MapBounds = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
      loadPlaceLabels(box, map.getZoom(), current.signal)
        .then((answer) => {
          if (current.signal.aborted) return;
          const canvas = map.getCanvas();
          const candidates = answer.features.map((feature): PlacedLabel => {
            const [longitude, latitude] = feature.geometry.coordinates;
            const { x, y } = map.project([longitude, latitude]);
            return { key: `${feature.properties.n}:${longitude}:${latitude}`, x, y, text: feature.properties.n, longitude, latitude };
          });
          setLabels(placeLabels(candidates, canvas.clientWidth, canvas.clientHeight));
        })
        // Labels are a nicety: without them the map is still whole.
        .catch(() => undefined);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(refresh, SETTLE_MS);
    };
    map.on('moveend', schedule);
    if (map.loaded()) schedule();
    else map.once('load', schedule);
    return () => {
      map.off('moveend', schedule);
      clearTimeout(timer);
      controller?.abort();
    };
  }, [map]);

  return labels.map((label) => (
    <Marker key={label.key} longitude={label.longitude} latitude={label.latitude} anchor="bottom" style={{ pointerEvents: 'none' }}>
      <Box
        data-testid="city-label"
        sx={{
          fontSize: 12,
          lineHeight: '16px',
          px: 0.5,
          whiteSpace: 'nowrap',
          color: dark ? '#e8eaed' : '#37474f',
          textShadow: dark ? '0 0 3px #000, 0 0 2px #000' : '0 0 3px #fff, 0 0 2px #fff',
          userSelect: 'none',
        }}
      >
        {label.text}
      </Box>
    </Marker>
  ));
}
