import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Alert from '@mui/material/Alert';

/** A yes/no question before something that cannot be undone. Cancel has the initial focus. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.busy ? undefined : props.onClose} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{props.children}</DialogContentText>
        {props.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {props.error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={props.onConfirm} disabled={props.busy} variant="contained" color={props.destructive ? 'error' : 'primary'}>
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
