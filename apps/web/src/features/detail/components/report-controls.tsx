import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CURRENT_RELEASE, methodologyOf } from '@riskatlas/domain';

/**
 * The release and methodology switchers. Releases: Current (-1), then every release the site has
 * a report for, newest first (a year asked for by the address stays listed, so the choice reads
 * true even when no report matches it). Methodologies: the shown report's, in priority order.
 */
export function ReportControls(props: {
  release: number;
  releaseYears: readonly number[];
  onRelease: (release: number) => void;
  methodology: number | undefined;
  methodologies: readonly number[];
  onMethodology: (methodology: number) => void;
}) {
  const years = props.release === CURRENT_RELEASE || props.releaseYears.includes(props.release) ? props.releaseYears : [props.release, ...props.releaseYears];
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      <TextField select size="small" label="Release" value={String(props.release)} onChange={(event) => props.onRelease(Number(event.target.value))} sx={{ minWidth: 160 }}>
        <MenuItem value={String(CURRENT_RELEASE)}>Current release</MenuItem>
        {years.map((year) => (
          <MenuItem key={year} value={String(year)}>
            {year} release
          </MenuItem>
        ))}
      </TextField>
      {props.methodology !== undefined && props.methodologies.length > 0 ? (
        <TextField select size="small" label="Methodology" value={String(props.methodology)} onChange={(event) => props.onMethodology(Number(event.target.value))} sx={{ minWidth: 240 }}>
          {props.methodologies.map((id) => (
            <MenuItem key={id} value={String(id)}>
              {`${id} · ${methodologyOf(id)?.name ?? `Methodology ${id}`}`}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </Box>
  );
}
