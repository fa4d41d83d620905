import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { invalidSiteIdsMessage, parseSiteIds, SiteMessages } from '@riskatlas/domain';
import { DialogButtons, DialogError } from '../../../components/dialog-buttons';
import { CUSTOMER_REQUEST } from './delete-sites-dialog';

/**
 * Support: delete sites by id. Ids are typed or pasted, split on commas or
 * whitespace; the server checks them all and deletes nothing when any is not a site id of the
 * account, naming the bad ones. A reason is required.
 */
export function DeleteByIdsDialog(props: { open: boolean; busy: boolean; error: string | null; onConfirm: (ids: string, reason: string) => void; onClose: () => void }) {
  return (
    <Dialog open={props.open} onClose={props.busy ? undefined : props.onClose} aria-labelledby="delete-by-ids-title" maxWidth="sm" fullWidth>
      {props.open ? <Body {...props} /> : null}
    </Dialog>
  );
}

function Body(props: Parameters<typeof DeleteByIdsDialog>[0]) {
  const [ids, setIds] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ ids?: string; reason?: string }>({});
  const confirm = () => {
    const parsed = parseSiteIds(ids);
    const idProblem =
      parsed.invalid.length > 0 ? invalidSiteIdsMessage(parsed.invalid) : parsed.ids.length === 0 ? 'Please enter the ids of the sites to delete.' : undefined;
    const next = { ids: idProblem, reason: reason.trim() ? undefined : SiteMessages.deleteReasonRequired };
    setProblem(next);
    if (next.ids || next.reason) return;
    // The typed text goes as typed: the server splits it by the same rule and names what it cannot find.
    props.onConfirm(ids, reason.trim());
  };
  return (
    <>
      <DialogTitle id="delete-by-ids-title">Delete sites by id</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The sites, their reports and comments are deleted. This cannot be undone. Separate the ids with commas, spaces or new lines.
        </DialogContentText>
        <TextField
          label="Site ids"
          value={ids}
          onChange={(event) => setIds(event.target.value)}
          multiline
          minRows={3}
          maxRows={10}
          fullWidth
          margin="normal"
          autoFocus
          disabled={props.busy}
          error={Boolean(problem.ids)}
          helperText={problem.ids}
        />
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          fullWidth
          margin="dense"
          disabled={props.busy}
          error={Boolean(problem.reason)}
          helperText={problem.reason}
        />
        <Box sx={{ mt: 1 }} role="group" aria-label="Quick answers">
          <Chip label={CUSTOMER_REQUEST} variant="outlined" onClick={() => setReason(CUSTOMER_REQUEST)} disabled={props.busy} />
        </Box>
        <DialogError error={props.error} />
      </DialogContent>
      <DialogButtons onCancel={props.onClose} onConfirm={confirm} confirmLabel="Delete" busy={props.busy} destructive />
    </>
  );
}
