import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { TGeocodeCandidate } from '@riskatlas/domain';

/** One line of a candidate's address. */
export function candidateLabel(candidate: TGeocodeCandidate): string {
  return [candidate.Street, candidate.City, [candidate.State, candidate.PostalCode].filter(Boolean).join(' '), candidate.Country].filter(Boolean).join(', ');
}

const PRECISION_WORDS: Record<TGeocodeCandidate['precision'], string> = {
  ADDRESS: 'street address',
  POSTCODE: 'postal code area',
  CITY: 'city',
  MANUAL: 'pinned point',
};

/** The candidate chooser: the address matched several places; the user picks the one meant. */
export function CandidateChooser({ candidates, onChoose }: { candidates: readonly TGeocodeCandidate[]; onChoose: (candidate: TGeocodeCandidate) => void }) {
  if (candidates.length === 0) return null;
  return (
    <Alert severity="info" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      {`This address matches ${candidates.length} places. Choose the one you mean:`}
      <List dense aria-label="Address candidates" sx={{ bgcolor: 'background.paper', mt: 1, borderRadius: 1 }}>
        {candidates.map((candidate) => {
          const label = candidateLabel(candidate);
          return (
            <ListItemButton key={`${label}-${candidate.Coordinates.Latitude}-${candidate.Coordinates.Longitude}`} onClick={() => onChoose(candidate)}>
              <ListItemText primary={label} secondary={`Matched to the ${PRECISION_WORDS[candidate.precision]}${candidate.county ? ` · ${candidate.county}` : ''}`} />
            </ListItemButton>
          );
        })}
      </List>
    </Alert>
  );
}
