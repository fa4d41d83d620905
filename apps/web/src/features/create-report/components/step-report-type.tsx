import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { methodologyCountFor, methodologyOf, REPORT_TYPE_NAMES, type ReportType } from '@riskatlas/domain';

/** One choice of the release-year list: a year, 0 for the provider's Default, -1 the current release. */
export interface ReleaseChoice {
  value: number;
  label: string;
}

/**
 * Step 1: the report type (only the types the user may use; in upgrade mode the current type
 * and those above it) and the methodologies, with the release-year choice when one is offered.
 */
export function StepReportType(props: {
  types: readonly ReportType[];
  reportType: ReportType | null;
  onReportType: (type: ReportType) => void;
  /** In upgrade mode: the report's current type, offered as "keep" (add-ons only). */
  currentType: ReportType | null;
  methodologies: readonly number[];
  allowedMethodologies: readonly number[];
  /** Methodologies an upgraded report already has: kept, not removable. */
  lockedMethodologies: readonly number[];
  onMethodologies: (ids: number[]) => void;
  releases: readonly ReleaseChoice[];
  release: number;
  onRelease: (value: number) => void;
  releaseNote: string | null;
  error: string | null;
}) {
  const max = props.reportType === null ? 0 : methodologyCountFor(props.reportType);
  const toggle = (id: number, on: boolean) => {
    const next = on ? [...props.methodologies, id] : props.methodologies.filter((item) => item !== id);
    props.onMethodologies(next);
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {props.types.length === 0 ? <Alert severity="warning">You are not allowed to use any report type. Ask your account administrator for access.</Alert> : null}
      <FormControl>
        <FormLabel id="report-type-label">Report type</FormLabel>
        <RadioGroup aria-labelledby="report-type-label" value={props.reportType === null ? '' : String(props.reportType)} onChange={(event) => props.onReportType(Number(event.target.value) as ReportType)}>
          {props.types.map((type) => (
            <FormControlLabel
              key={type}
              value={String(type)}
              control={<Radio />}
              label={`${props.currentType === type ? `Keep ${REPORT_TYPE_NAMES[type]}` : REPORT_TYPE_NAMES[type]} — ${methodologyCountFor(type)} ${methodologyCountFor(type) === 1 ? 'methodology' : 'methodologies'}, ${methodologyCountFor(type) * 90} scores`}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {props.reportType !== null ? (
        <FormControl component="fieldset">
          <FormLabel component="legend">{max === 1 ? 'Methodology (choose 1)' : `Methodologies (up to ${max})`}</FormLabel>
          <FormGroup>
            {props.allowedMethodologies.map((id) => (
              <FormControlLabel
                key={id}
                control={
                  <Checkbox
                    checked={props.methodologies.includes(id)}
                    disabled={props.lockedMethodologies.includes(id)}
                    onChange={(event) => toggle(id, event.target.checked)}
                  />
                }
                label={methodologyOf(id)?.name ?? `Methodology ${id}`}
              />
            ))}
          </FormGroup>
        </FormControl>
      ) : null}
      {props.releases.length > 0 ? (
        <TextField select size="small" label="Release year" value={String(props.release)} onChange={(event) => props.onRelease(Number(event.target.value))} sx={{ maxWidth: 280 }}>
          {props.releases.map((choice) => (
            <MenuItem key={choice.value} value={String(choice.value)}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {props.releaseNote ? <Typography variant="body2" color="text.secondary">{props.releaseNote}</Typography> : null}
      {props.error ? (
        <Alert severity="error" role="alert">
          {props.error}
        </Alert>
      ) : null}
    </Box>
  );
}
