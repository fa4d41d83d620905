import { useState } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import PlaceIcon from '@mui/icons-material/Place';
import { Marker, type MarkerEvent } from 'react-map-gl/maplibre';
import AtlasMapView from './atlas-map';
import { DEFAULT_HEIGHT, fitView, PIN_ZOOM, roundPin } from './geometry';
import { PIN_MAP_LABEL, PinDetails } from './pin-details';
import type { LatLng, MapView, PinMapProps } from './types';

const keyOf = (at: LatLng | null) => (at ? `${at.latitude},${at.longitude}` : '');

// A click on a marker is the marker's: it must not also pin the map under it.
const keepFromMap = (event: MarkerEvent<MouseEvent>) => event.originalEvent.stopPropagation();

/**
 * The site-entry map (Create Report wizard, Add Site): click or drag to pin, numbered geocode
 * candidates to choose from, nearby sites as distinct markers. It flies to a pin set from outside
 * (geocoding, typed coordinates) at pin zoom, but stays put while the user pins by hand.
 */
export default function PinMapView({ pin, onPin, candidates = [], onChooseCandidate, nearbySites = [], disabled = false, height = DEFAULT_HEIGHT.pin }: PinMapProps) {
  const [emittedKey, setEmittedKey] = useState<string | null>(null);
  const [anchor, setAnchor] = useState<LatLng | null>(pin);
  const [seenKey, setSeenKey] = useState(keyOf(pin));
  const pinKey = keyOf(pin);
  if (pinKey !== seenKey) {
    setSeenKey(pinKey);
    if (pin && pinKey !== emittedKey) setAnchor(pin);
  }

  const emit = (at: LatLng) => {
    const rounded = roundPin(at);
    setEmittedKey(keyOf(rounded));
    onPin(rounded);
  };

  const view: MapView = candidates.length === 0 && anchor ? { center: anchor, zoom: PIN_ZOOM } : fitView(candidates, PIN_ZOOM);

  return (
    <AtlasMapView
      view={view}
      label={PIN_MAP_LABEL}
      height={height}
      onMapClick={disabled ? undefined : emit}
      fallbackDetails={<PinDetails pin={pin} candidates={candidates} onChooseCandidate={onChooseCandidate} nearbySites={nearbySites} />}
    >
      {nearbySites.map((site) => (
        <Marker key={site.siteId} longitude={site.longitude} latitude={site.latitude} onClick={keepFromMap}>
          <Tooltip title={site.siteName}>
            <Box
              tabIndex={0}
              role="img"
              aria-label={`Existing site: ${site.siteName}`}
              sx={{ width: 12, height: 12, bgcolor: 'secondary.main', border: '2px solid #fff', transform: 'rotate(45deg)', boxShadow: 1, outlineOffset: 2 }}
            />
          </Tooltip>
        </Marker>
      ))}
      {candidates.map((candidate, index) => (
        <Marker
          key={candidate.key}
          longitude={candidate.longitude}
          latitude={candidate.latitude}
          onClick={(event) => {
            keepFromMap(event);
            onChooseCandidate?.(candidate.key);
          }}
        >
          <Tooltip title={candidate.label}>
            <Box
              component="button"
              type="button"
              aria-label={`Choose ${index + 1}: ${candidate.label}`}
              sx={{ width: 26, height: 26, borderRadius: '50%', border: '2px solid #fff', bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, cursor: 'pointer', boxShadow: 2, p: 0 }}
            >
              {index + 1}
            </Box>
          </Tooltip>
        </Marker>
      ))}
      {pin && (
        <Marker longitude={pin.longitude} latitude={pin.latitude} anchor="bottom" draggable={!disabled} onClick={keepFromMap} onDragEnd={(event) => emit({ latitude: event.lngLat.lat, longitude: event.lngLat.lng })}>
          <Box role="img" aria-label={disabled ? 'Pin' : 'Pin (drag to move)'} sx={{ cursor: disabled ? 'default' : 'grab', lineHeight: 0 }}>
            <PlaceIcon color="error" sx={{ fontSize: 40, filter: 'drop-shadow(0 1px 1px rgba(0,0,0,.4))' }} />
          </Box>
        </Marker>
      )}
    </AtlasMapView>
  );
}
