import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { REPORT_TYPE_NAMES, ReportType, type TImportQueueCounts, type TImportSubmitRequest } from '@riskatlas/domain';
import { DialogButtons, DialogError } from '../../../components/dialog-buttons';

/** What the user chose in the confirm-creation dialog. */
export interface SubmitChoice {
  includeWarnings: boolean;
  batchMode: boolean;
  body: TImportSubmitRequest;
}

/**
 * The confirm-creation dialog: import the ready rows as sites, or as sites with reports (batch
 * mode, the reports made as a batch), and whether rows with warnings go too. Rows with issues stay
 * in the queue either way.
 */
export function SubmitDialog(props: { counts: TImportQueueCounts; mayCreateReports: boolean; busy: boolean; error: string | null; onSubmit: (choice: SubmitChoice) => void; onClose: () => void }) {
  const { counts } = props;
  const [batchMode, setBatchMode] = useState(false);
  const [includeWarnings, setIncludeWarnings] = useState(false);
  const [reportType, setReportType] = useState<ReportType>(ReportType.Basic);
  const rows = counts.complete + (includeWarnings ? counts.warnings : 0);
  return (
    <Dialog open onClose={props.busy ? undefined : props.onClose} aria-labelledby="import-submit-title" maxWidth="sm" fullWidth>
      <DialogTitle id="import-submit-title">Import {rows.toLocaleString()} {rows === 1 ? 'row' : 'rows'}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {counts.import.toLocaleString()} new {counts.import === 1 ? 'site' : 'sites'} will be created and {(counts.rescore + counts.attach).toLocaleString()} existing{' '}
          {counts.rescore + counts.attach === 1 ? 'site' : 'sites'} updated. Rows with issues ({counts.exceptions.toLocaleString()}) stay in the queue.
        </DialogContentText>
        {counts.warnings > 0 ? (
          <FormControlLabel
            control={<Checkbox checked={includeWarnings} onChange={(event) => setIncludeWarnings(event.target.checked)} />}
            label={`Also import the ${counts.warnings.toLocaleString()} ${counts.warnings === 1 ? 'row' : 'rows'} with warnings`}
          />
        ) : null}
        <RadioGroup value={batchMode ? 'batch' : 'sites'} onChange={(event) => setBatchMode(event.target.value === 'batch')} aria-label="What to create">
          <FormControlLabel value="sites" control={<Radio />} label="Import the sites only" />
          <FormControlLabel value="batch" control={<Radio />} label="Import the sites and create a report for each (a batch)" disabled={!props.mayCreateReports} />
        </RadioGroup>
        {batchMode ? (
          <TextField select size="small" label="Report type" value={reportType} onChange={(event) => setReportType(Number(event.target.value) as ReportType)} sx={{ mt: 1, minWidth: 220 }}>
            {Object.values(ReportType).map((type) => (
              <MenuItem key={type} value={type}>
                {REPORT_TYPE_NAMES[type]}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <DialogError error={props.error} />
      </DialogContent>
      <DialogButtons
        onCancel={props.onClose}
        onConfirm={() => props.onSubmit({ includeWarnings, batchMode, body: batchMode ? { reportType } : {} })}
        confirmLabel={batchMode ? 'Import and create reports' : 'Import sites'}
        confirmDisabled={rows === 0}
        busy={props.busy}
      />
    </Dialog>
  );
}
