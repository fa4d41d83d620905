import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPORT_TYPE_NAMES, upgradeAddOnChoices, upgradeTypeChoices, WizardMessages, type ReportType, type TCurrentUser, type TReport, type TSite } from '@riskatlas/domain';
import { useNotify } from '../../../components/notifier';
import { errorMessage } from '../../../lib/api-client';
import { siteReports, upgradeReports } from '../api/upgrade-reports';
import { StepAddOns } from './step-add-ons';

/** How many sites' reports are read at once. */
const READ_AT_ONCE = 8;

/** The report of each site in the filtered release (sites without one are left out). */
async function reportsOfRelease(sites: readonly TSite[], releaseYear: number): Promise<TReport[]> {
  const found: TReport[] = [];
  for (let start = 0; start < sites.length; start += READ_AT_ONCE) {
    const lists = await Promise.all(sites.slice(start, start + READ_AT_ONCE).map((site) => siteReports(site.siteId)));
    for (const list of lists) {
      const report = list.find((entry) => entry.releaseYear === releaseYear);
      if (report) found.push(report);
    }
  }
  return found;
}

/**
 * Support staff upgrading several reports at once: the selected sites' reports of the filtered
 * release (one type, the same methodologies, checked before opening) rise to one higher type
 * and/or get add-ons they lack.
 */
export function BulkUpgradeDialog(props: { user: TCurrentUser; sites: readonly TSite[]; releaseYear: number; onClose: () => void; onUpgraded: () => void }) {
  const notify = useNotify();
  const [reports, setReports] = useState<TReport[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [toType, setToType] = useState<ReportType | null>(null);
  const [addOns, setAddOns] = useState<number[]>([]);
  const [sendEmail, setSendEmail] = useState(false);

  useEffect(() => {
    let live = true;
    reportsOfRelease(props.sites, props.releaseYear).then(
      (found) => live && setReports(found),
      (cause: unknown) => live && setError(`${WizardMessages.upgradesFailed}${errorMessage(cause)}`),
    );
    return () => {
      live = false;
    };
  }, [props.sites, props.releaseYear]);

  const first = reports?.[0];
  // Every selected report has the same type; add-ons are offered only when none of them has the feature.
  const features = (reports ?? []).reduce((mask, report) => mask | report.features, 0);
  const types = first ? [first.reportType, ...upgradeTypeChoices(first.reportType, props.user)] : [];
  const target = toType ?? first?.reportType ?? null;
  const addOnOptions = target === null ? [] : upgradeAddOnChoices(target, features, props.user);

  const upgrade = () => {
    if (!first || target === null || !reports) return;
    setBusy(true);
    upgradeReports({
      accountProductReportIds: reports.map((report) => report.accountProductReportId),
      reportType: target,
      methodologyTypeIds: first.methodologyTypeIds,
      addOnProducts: addOns,
      sendReportEmail: sendEmail,
    }).then(
      (answer) => {
        notify({ message: `${answer.accountProductReportIds.length.toLocaleString()} reports have been upgraded.`, severity: 'success' });
        props.onUpgraded();
        props.onClose();
      },
      (cause: unknown) => {
        setBusy(false);
        setError(`${WizardMessages.upgradesFailed}${errorMessage(cause)}`);
      },
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : props.onClose} aria-labelledby="bulk-upgrade-title" maxWidth="sm" fullWidth>
      <DialogTitle id="bulk-upgrade-title">Upgrade reports</DialogTitle>
      <DialogContent>
        {reports === null && !error ? (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} role="status">
            <CircularProgress size={20} />
            <Typography variant="body2">Reading the selected reports…</Typography>
          </Box>
        ) : null}
        {reports && first ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
            <Typography>{`${reports.length.toLocaleString()} ${REPORT_TYPE_NAMES[first.reportType]} reports of ${props.releaseYear}.`}</Typography>
            <TextField select size="small" label="Upgrade to" value={String(target)} onChange={(event) => setToType(Number(event.target.value) as ReportType)} sx={{ maxWidth: 280 }}>
              {types.map((type) => (
                <MenuItem key={type} value={String(type)}>
                  {type === first.reportType ? `Keep ${REPORT_TYPE_NAMES[type]} (add-ons only)` : REPORT_TYPE_NAMES[type]}
                </MenuItem>
              ))}
            </TextField>
            <StepAddOns choices={addOnOptions} chosen={addOns} onChosen={setAddOns} />
            <FormControlLabel control={<Checkbox checked={sendEmail} onChange={(event) => setSendEmail(event.target.checked)} />} label="Send an e-mail when it is done" />
          </Box>
        ) : null}
        {reports && !first ? <Alert severity="warning">{WizardMessages.noReportsInRelease}</Alert> : null}
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={upgrade} disabled={busy || !first || (target === first.reportType && addOns.length === 0)}>
          {busy ? 'Upgrading…' : 'Upgrade reports'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
