import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogButtons, DialogError } from './dialog-buttons';

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
        <DialogError error={props.error} />
      </DialogContent>
      <DialogButtons
        onCancel={props.onClose}
        onConfirm={props.onConfirm}
        confirmLabel={props.confirmLabel}
        busy={props.busy}
        destructive={props.destructive}
        autoFocus="cancel"
      />
    </Dialog>
  );
}
