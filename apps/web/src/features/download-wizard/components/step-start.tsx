import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { DownloadMessages } from '@riskatlas/domain';

/** The start step: what is selected. Only administrators may go on without a selection (the account's data). */
export function StepStart({ description }: { description: string | null }) {
  if (description === null) return <Alert severity="warning">{DownloadMessages.adminOnly}</Alert>;
  return (
    <>
      <Typography>{`You selected ${description}.`}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Next counts the reports of your selection, then you choose what to download.
      </Typography>
    </>
  );
}

/**
 * The startAdmin step: the selection, or the account's data (every report of a release and
 * country). Without a selection only the account's data is offered.
 */
export function StepStartAdmin(props: { description: string | null; accountData: boolean; onAccountData: (accountData: boolean) => void }) {
  return (
    <>
      <Typography id="download-source-label" sx={{ mb: 1 }}>
        Which reports?
      </Typography>
      <RadioGroup aria-labelledby="download-source-label" value={props.accountData ? 'account' : 'selection'} onChange={(event) => props.onAccountData(event.target.value === 'account')}>
        {props.description === null ? null : <FormControlLabel value="selection" control={<Radio />} label={`The selection: ${props.description}`} />}
        <FormControlLabel value="account" control={<Radio />} label="The account's data: every report of a release and country" />
      </RadioGroup>
    </>
  );
}
