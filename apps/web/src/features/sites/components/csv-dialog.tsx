import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { DialogButtons, DialogError } from '../../../components/dialog-buttons';

/** The choices of a CSV download. */
export interface CsvChoice {
  forAccount: boolean;
  reportSummary: boolean;
}

/**
 * CSV download of the Site Library: the selected sites or every site, with or without the report
 * summary columns. The file is written by a job and arrives in File Downloads.
 */
export function CsvDialog(props: { open: boolean; selectedCount: number; busy: boolean; error: string | null; onConfirm: (choice: CsvChoice) => void; onClose: () => void }) {
  return (
    <Dialog open={props.open} onClose={props.busy ? undefined : props.onClose} aria-labelledby="csv-dialog-title" maxWidth="xs" fullWidth>
      {props.open ? <Body {...props} /> : null}
    </Dialog>
  );
}

function Body(props: Parameters<typeof CsvDialog>[0]) {
  const [scope, setScope] = useState<'selected' | 'all'>('selected');
  const [reportSummary, setReportSummary] = useState(true);
  return (
    <>
      <DialogTitle id="csv-dialog-title">Download CSV</DialogTitle>
      <DialogContent>
        <DialogContentText>The file is prepared in the background and appears in File Downloads when it is ready.</DialogContentText>
        <RadioGroup value={scope} onChange={(event) => setScope(event.target.value as 'selected' | 'all')} aria-label="Sites to include" sx={{ my: 1 }}>
          <FormControlLabel value="selected" control={<Radio />} label={props.selectedCount === 1 ? 'The selected site' : `The ${props.selectedCount.toLocaleString()} selected sites`} />
          <FormControlLabel value="all" control={<Radio />} label="Every site in the account" />
        </RadioGroup>
        <FormControlLabel
          control={<Checkbox checked={reportSummary} onChange={(event) => setReportSummary(event.target.checked)} />}
          label="Include the report summary (release, report type, add-ons, scores)"
        />
        <DialogError error={props.error} />
      </DialogContent>
      <DialogButtons
        onCancel={props.onClose}
        onConfirm={() => props.onConfirm({ forAccount: scope === 'all', reportSummary })}
        confirmLabel="Download"
        busy={props.busy}
      />
    </>
  );
}
