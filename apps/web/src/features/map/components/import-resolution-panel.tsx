import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatCoordinateText, type LatLng } from '@riskatlas/domain';
import { errorMessage } from '../../../lib/api-client';
import type { ImportResolution, ResolutionChoice } from '../../../lib/import-resolution';
import { MapPanel } from './map-panel';

/**
 * The import row being resolved on the map: its candidates (numbered as on the map) and matching
 * sites to choose from, or the dropped pin to use as its point; then back to the queue.
 */
export function ImportResolutionPanel({ resolution, pin, onDone }: { resolution: ImportResolution; pin: LatLng | null; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (choice: ResolutionChoice) => {
    setBusy(true);
    setError(null);
    try {
      await resolution.resolve(choice);
      onDone();
    } catch (cause) {
      setError(errorMessage(cause));
      setBusy(false);
    }
  };
  return (
    <MapPanel label="Import row">
      <Typography variant="subtitle2" component="h2">
        Row {resolution.rowNumber}: {resolution.siteName || '(no name)'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {resolution.address || 'No address'}
      </Typography>
      {resolution.candidates.length > 0 ? (
        <>
          <Typography variant="body2">Choose the place the address means, or click the map where the site is.</Typography>
          <List dense disablePadding>
            {resolution.candidates.map((candidate) => (
              <ListItem key={candidate.index} disableGutters secondaryAction={<Button size="small" disabled={busy} onClick={() => void choose({ candidateIndex: candidate.index })}>Use</Button>}>
                <ListItemText primary={`${candidate.index + 1}. ${candidate.label}`} secondary={formatCoordinateText(candidate.latitude, candidate.longitude, 5)} />
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
      {resolution.matches.length > 0 ? (
        <>
          <Typography variant="body2">Sites of your library this row matches:</Typography>
          <List dense disablePadding>
            {resolution.matches.map((match) => (
              <ListItem key={match.siteId} disableGutters secondaryAction={<Button size="small" disabled={busy} onClick={() => void choose({ matchSiteId: match.siteId })}>Update</Button>}>
                <ListItemText primary={match.siteName} secondary={match.address} />
              </ListItem>
            ))}
          </List>
          <Button size="small" disabled={busy} onClick={() => void choose({ matchSiteId: null })}>
            Import as a new site instead
          </Button>
        </>
      ) : null}
      {pin ? (
        <Button variant="contained" size="small" sx={{ mt: 1, display: 'block' }} disabled={busy} onClick={() => void choose({ pin })}>
          Use the pin ({formatCoordinateText(pin.latitude, pin.longitude, 5)})
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Click the map to drop a pin where the site is.
        </Typography>
      )}
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      <Button size="small" sx={{ mt: 1 }} disabled={busy} onClick={onDone}>
        Back to the import queue
      </Button>
    </MapPanel>
  );
}
