import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Messages } from '@riskatlas/domain';
import { DialogButtons, DialogError } from '../../../components/dialog-buttons';
import { errorMessage } from '../../../lib/api-client';

function countdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** The inactivity warning: a countdown, Extend (keeps the session) and Sign out. */
export function InactivityDialog(props: { open: boolean; secondsLeft: number; onExtend: () => Promise<void>; onSignOut: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const extend = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onExtend();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={props.open} aria-labelledby="inactivity-title" aria-describedby="inactivity-text" maxWidth="xs" fullWidth>
      <DialogTitle id="inactivity-title">Are you still there?</DialogTitle>
      <DialogContent>
        <DialogContentText id="inactivity-text">
          {Messages.sessionWillExpire} You will be signed out in{' '}
          <strong aria-live="off" data-testid="inactivity-countdown">
            {countdown(props.secondsLeft)}
          </strong>
          .
        </DialogContentText>
        <DialogError error={error} />
      </DialogContent>
      <DialogButtons cancelLabel="Sign out" onCancel={props.onSignOut} onConfirm={() => void extend()} confirmLabel="Extend" busy={busy} autoFocus="confirm" />
    </Dialog>
  );
}
