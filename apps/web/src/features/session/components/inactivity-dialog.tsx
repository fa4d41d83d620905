import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Messages } from '@riskatlas/domain';
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
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onSignOut} disabled={busy}>
          Sign out
        </Button>
        <Button onClick={() => void extend()} variant="contained" disabled={busy} autoFocus>
          Extend
        </Button>
      </DialogActions>
    </Dialog>
  );
}
