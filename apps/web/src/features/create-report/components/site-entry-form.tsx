import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { COUNTRIES } from '@riskatlas/domain';
import { PinMap } from '../../../components/map';
import { candidateLabel } from './candidate-chooser';
import type { SiteEntry } from '../hooks/use-site-entry';
import { CandidateChooser } from './candidate-chooser';
import { PlaceSearch } from './place-search';

const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * Site entry, as Add Site and the wizard's first step show it: a place search, the address, the
 * candidate chooser, the coordinates (typed, or filled by a place, a candidate or a pin), and,
 * when `siteFields`, the name, external id, tags and notes of the new site.
 */
export function SiteEntryForm({ entry, siteFields, externalIdLabel }: { entry: SiteEntry; siteFields: boolean; externalIdLabel: string }) {
  const fieldError = (field: 'siteName' | 'externalID' | 'latitude' | 'longitude') => (entry.error?.field === field ? entry.error.message : null);
  const nameMessage = fieldError('siteName') ?? entry.nameTaken;
  const externalIdMessage = fieldError('externalID') ?? entry.externalIdTaken;
  const phone = useMediaQuery('(max-width:539.95px)');
  const mapCandidates = entry.candidates.map((candidate, index) => ({
    key: String(index),
    label: candidateLabel(candidate),
    latitude: candidate.Coordinates.Latitude,
    longitude: candidate.Coordinates.Longitude,
  }));
  return (
    // The top padding keeps the first field's floating label clear of the dialog title.
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
      {siteFields ? (
        <Box sx={grid}>
          <TextField
            label="Site name"
            required
            size="small"
            value={entry.site.siteName}
            onChange={(event) => entry.editSite({ siteName: event.target.value })}
            error={Boolean(nameMessage)}
            helperText={nameMessage ?? ' '}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={externalIdLabel}
            size="small"
            value={entry.site.externalID}
            onChange={(event) => entry.editSite({ externalID: event.target.value })}
            error={Boolean(externalIdMessage)}
            helperText={externalIdMessage ?? ' '}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </Box>
      ) : null}
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          Location
        </Typography>
        <PlaceSearch onPlace={entry.choosePlace} onError={(message) => entry.setError({ field: null, message })} disabled={entry.busy} />
      </Box>
      <Box sx={grid}>
        <TextField label="Street" size="small" value={entry.address.street} onChange={(event) => entry.editAddress({ street: event.target.value })} />
        <TextField label="Second address line" size="small" value={entry.address.street2} onChange={(event) => entry.editAddress({ street2: event.target.value })} />
        <TextField label="City" size="small" value={entry.address.city} onChange={(event) => entry.editAddress({ city: event.target.value })} />
        <TextField label="State, province or region" size="small" value={entry.address.state} onChange={(event) => entry.editAddress({ state: event.target.value })} />
        <TextField label="ZIP or postal code" size="small" value={entry.address.zipCode} onChange={(event) => entry.editAddress({ zipCode: event.target.value })} />
        <TextField select label="Country" size="small" value={entry.address.countryCode} onChange={(event) => entry.editAddress({ countryCode: event.target.value })}>
          {COUNTRIES.map((country) => (
            <MenuItem key={country.iso3} value={country.iso3}>
              {country.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <CandidateChooser candidates={entry.candidates} onChoose={entry.chooseCandidate} />
      <PinMap
        pin={entry.pin}
        onPin={entry.placePin}
        candidates={mapCandidates}
        onChooseCandidate={(key) => {
          const chosen = entry.candidates[Number(key)];
          if (chosen) entry.chooseCandidate(chosen);
        }}
        disabled={entry.busy}
        height={phone ? 220 : 300}
      />
      <Box sx={grid}>
        {(['latitude', 'longitude'] as const).map((axis) => (
          <TextField
            key={axis}
            label={axis === 'latitude' ? 'Latitude' : 'Longitude'}
            size="small"
            value={axis === 'latitude' ? entry.latitudeText : entry.longitudeText}
            onChange={(event) => (axis === 'latitude' ? entry.setLatitudeText : entry.setLongitudeText)(event.target.value)}
            error={Boolean(fieldError(axis))}
            helperText={fieldError(axis) ?? (axis === 'latitude' ? 'Filled in from the address or a click on the map; or type it, −90 to 90' : '−180 to 180')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        ))}
      </Box>
      {siteFields ? (
        <Box sx={grid}>
          <TextField
            label="Tags"
            size="small"
            value={entry.site.tags}
            onChange={(event) => entry.editSite({ tags: event.target.value })}
            helperText="Separate tags with ; or ,"
          />
          <TextField label="Notes" size="small" multiline minRows={1} value={entry.site.notes} onChange={(event) => entry.editSite({ notes: event.target.value })} />
        </Box>
      ) : null}
      {entry.error && entry.error.field === null ? (
        <Alert severity="error" role="alert">
          {entry.error.message}
        </Alert>
      ) : null}
    </Box>
  );
}
