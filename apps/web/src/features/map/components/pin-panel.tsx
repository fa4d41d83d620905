import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { formatCoordinateText, MapPageConstants, type LatLng } from '@riskatlas/domain';
import { usePinAddress } from '../api/pin-address';
import { MapPanel } from './map-panel';

/** The reverse geocode's answer in one line: city, state, postal code and country. */
function addressLine(place: { city: string; state: string; zipCode: string; countryDisplay: string }): string {
  return [place.city, [place.state, place.zipCode].filter(Boolean).join(' '), place.countryDisplay].filter(Boolean).join(', ');
}

/**
 * The dropped pin: its coordinates, the address the point reverse-geocodes to, and 'Create report
 * here' (the Create Report wizard, starting at the pin). The buttons wait a moment after a pin is
 * set, so the click that set it cannot also press one.
 */
export function PinPanel({ pin, canCreateReports, onCreateReport, onClose }: { pin: LatLng; canCreateReports: boolean; onCreateReport: () => void; onClose: () => void }) {
  const address = usePinAddress(pin);
  // The page mounts a new panel for each pin, so this starts disarmed every time.
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), MapPageConstants.pinButtonsDisabledMs);
    return () => clearTimeout(timer);
  }, []);

  return (
    <MapPanel label="Dropped pin">
      <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
        Dropped pin
      </Typography>
      <IconButton size="small" aria-label="Remove the pin" onClick={onClose} sx={{ position: 'absolute', top: 4, right: 4 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography variant="body2" aria-label="Pin coordinates">
        {formatCoordinateText(pin.latitude, pin.longitude, 7)}
      </Typography>
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mb: 1 }}>
        {address.isPending ? 'Finding the address…' : address.isError ? 'No address: this point is outside the covered countries.' : addressLine(address.data)}
      </Typography>
      {canCreateReports && (
        <Button variant="contained" size="small" onClick={onCreateReport} disabled={!armed}>
          Create report here
        </Button>
      )}
    </MapPanel>
  );
}
