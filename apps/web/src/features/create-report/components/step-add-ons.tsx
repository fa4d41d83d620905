import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { productName } from '@riskatlas/domain';

/** Step 2: the add-ons the user may buy with the report, each one licence per report. */
export function StepAddOns({ choices, chosen, onChosen }: { choices: readonly number[]; chosen: readonly number[]; onChosen: (ids: number[]) => void }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Add-ons add features to each report. Each uses one licence of its own per report.
      </Typography>
      <FormGroup>
        {choices.map((id) => (
          <FormControlLabel
            key={id}
            control={<Checkbox checked={chosen.includes(id)} onChange={(event) => onChosen(event.target.checked ? [...chosen, id] : chosen.filter((item) => item !== id))} />}
            label={productName(id)}
          />
        ))}
      </FormGroup>
    </Box>
  );
}
