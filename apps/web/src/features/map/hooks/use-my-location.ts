import { useCallback, useState } from 'react';
import { GeolocationError, geolocationErrorMessage, MapPageConstants, type LatLng } from '@riskatlas/domain';

/**
 * "My location": asks the browser where the user is (10 s at most) and hands the point on, or
 * says why it could not be determined. `locating` is true while the browser works on it.
 */
export function useMyLocation(onFound: (at: LatLng) => void, onFailed: (message: string) => void) {
  const [locating, setLocating] = useState(false);
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      onFailed(geolocationErrorMessage(GeolocationError.PositionUnavailable));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onFound({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      (error) => {
        setLocating(false);
        onFailed(geolocationErrorMessage(error.code));
      },
      { enableHighAccuracy: true, timeout: MapPageConstants.geolocationTimeoutMs, maximumAge: 0 },
    );
  }, [onFound, onFailed]);
  return { locate, locating };
}
