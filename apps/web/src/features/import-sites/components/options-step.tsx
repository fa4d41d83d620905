import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { MatchingMode } from '@riskatlas/domain';
import { MATCHING_LABELS, UPDATE_CHOICES, toggleUpdateFlag, type ImportOptions } from '../import-modes';

/** The matching and update choices, shared by the options step and the queue's Change options dialog. */
export function MatchingAndUpdates({ options, onChange }: { options: Pick<ImportOptions, 'matching' | 'updateFlags'>; onChange: (next: Pick<ImportOptions, 'matching' | 'updateFlags'>) => void }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
      <FormControl>
        <FormLabel id="import-matching">Match rows to existing sites</FormLabel>
        <RadioGroup aria-labelledby="import-matching" value={options.matching} onChange={(event) => onChange({ ...options, matching: event.target.value as MatchingMode })}>
          {(Object.keys(MATCHING_LABELS) as MatchingMode[]).map((mode) => (
            <FormControlLabel key={mode} value={mode} control={<Radio />} label={MATCHING_LABELS[mode]} />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl component="fieldset" disabled={options.matching === 'none'}>
        <FormLabel component="legend">A row that matches a site updates it:</FormLabel>
        <FormGroup>
          {UPDATE_CHOICES.map((choice) => (
            <FormControlLabel
              key={choice.flag}
              control={<Checkbox checked={(options.updateFlags & choice.flag) !== 0} onChange={(event) => onChange({ ...options, updateFlags: toggleUpdateFlag(options.updateFlags, choice.flag, event.target.checked) })} />}
              label={choice.label}
            />
          ))}
        </FormGroup>
      </FormControl>
    </Box>
  );
}

/** Mode 2: how the rows are placed, matched and what a match updates. */
export function OptionsStep({ options, onChange }: { options: ImportOptions; onChange: (options: ImportOptions) => void }) {
  const flag = (key: 'useFileCoordinates' | 'forceZipLevelPrecision' | 'acceptFirstCandidate' | 'emailWhenProcessingComplete', label: string) => (
    <FormControlLabel control={<Checkbox checked={options[key]} onChange={(event) => onChange({ ...options, [key]: event.target.checked })} />} label={label} />
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <MatchingAndUpdates options={options} onChange={(next) => onChange({ ...options, ...next })} />
      <FormControl component="fieldset">
        <FormLabel component="legend">Placing the sites</FormLabel>
        <FormGroup>
          {flag('useFileCoordinates', 'Use the latitude and longitude of the file where a row has them (they are not geocoded)')}
          {flag('acceptFirstCandidate', 'When an address matches several places, take the best one')}
          {flag('forceZipLevelPrecision', 'Accept zip/post code precision without asking')}
          {flag('emailWhenProcessingComplete', 'E-mail me when the file has been processed')}
        </FormGroup>
      </FormControl>
    </Box>
  );
}
