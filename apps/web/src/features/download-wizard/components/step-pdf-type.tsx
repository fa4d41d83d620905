import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';

/** The pdfType step (provider staff and impersonators): the standard PDF (0) or a custom one (1). */
export function StepPdfType({ custom, onCustom }: { custom: boolean; onCustom: (custom: boolean) => void }) {
  return (
    <>
      <Typography id="pdf-type-label" sx={{ mb: 1 }}>
        Which PDF?
      </Typography>
      <RadioGroup aria-labelledby="pdf-type-label" value={custom ? 'custom' : 'standard'} onChange={(event) => onCustom(event.target.value === 'custom')}>
        <FormControlLabel value="standard" control={<Radio />} label="Standard PDF: every section, each report's own methodologies" />
        <FormControlLabel value="custom" control={<Radio />} label="Custom PDF: choose the sections and methodologies" />
      </RadioGroup>
    </>
  );
}
