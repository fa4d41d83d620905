import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COUNTRIES } from '@riskatlas/domain';

/** A select's value for null ('every'/'all'): MUI selects need a string. */
const ALL = 'all';

function fromValue(value: string): number | null {
  return value === ALL ? null : Number(value);
}

/** The dataAdmin step: the release of the account's data (the current one, a year, or every release). */
export function StepDataAdmin(props: { years: readonly number[]; loading: boolean; release: number | null; onRelease: (release: number | null) => void }) {
  return (
    <>
      <Typography sx={{ mb: 2 }}>Which release of the account&apos;s reports?</Typography>
      <TextField
        select
        fullWidth
        label="Release"
        value={props.release === null ? ALL : String(props.release)}
        onChange={(event) => props.onRelease(fromValue(event.target.value))}
        helperText={props.loading ? 'Loading the release years…' : 'The current release is the latest of each country.'}
      >
        <MenuItem value="-1">Current release</MenuItem>
        {props.years.map((year) => (
          <MenuItem key={year} value={String(year)}>{`Release ${year}`}</MenuItem>
        ))}
        <MenuItem value={ALL}>Every release</MenuItem>
      </TextField>
    </>
  );
}

/** The countryAdmin step: one country or all of them. */
export function StepCountryAdmin(props: { country: number | null; onCountry: (country: number | null) => void }) {
  return (
    <>
      <Typography sx={{ mb: 2 }}>Which country?</Typography>
      <TextField select fullWidth label="Country" value={props.country === null ? ALL : String(props.country)} onChange={(event) => props.onCountry(fromValue(event.target.value))}>
        <MenuItem value={ALL}>All countries</MenuItem>
        {COUNTRIES.map((country) => (
          <MenuItem key={country.countryId} value={String(country.countryId)}>
            {country.name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
