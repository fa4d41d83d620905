import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatLatLng } from './geometry';
import type { PinMapProps } from './types';

/** The pin map's accessible name, the same whether the browser draws the map or not. */
export const PIN_MAP_LABEL = 'Site location map';

/** What the pin map shows, as text: the pin's coordinates, the candidates to choose from, the sites nearby. */
export function PinDetails({ pin, candidates = [], onChooseCandidate, nearbySites = [] }: Pick<PinMapProps, 'pin' | 'candidates' | 'onChooseCandidate' | 'nearbySites'>) {
  return (
    <>
      <Typography variant="body2">{pin ? `Pin: ${formatLatLng(pin)}` : 'No pin yet.'}</Typography>
      {candidates.length > 0 && (
        <Box component="ol" aria-label="Places found" sx={{ m: 0, pl: 3 }}>
          {candidates.map((candidate) => (
            <li key={candidate.key}>
              <Button size="small" onClick={() => onChooseCandidate?.(candidate.key)} disabled={!onChooseCandidate}>
                {candidate.label}
              </Button>
            </li>
          ))}
        </Box>
      )}
      {nearbySites.length > 0 && (
        <Box component="ul" aria-label="Sites nearby" sx={{ m: 0, pl: 3, typography: 'body2' }}>
          {nearbySites.map((site) => (
            <li key={site.siteId}>
              {site.siteName} ({formatLatLng(site)})
            </li>
          ))}
        </Box>
      )}
    </>
  );
}
