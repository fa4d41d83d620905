import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { SxProps, Theme } from '@mui/material/styles';

/** The error a dialog shows under its fields (the server's sentence); nothing when there is none. */
export function DialogError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {error}
    </Alert>
  );
}

/**
 * A dialog's action row: the button that dismisses it and the one that confirms it (contained,
 * red when the action destroys something). While the dialog is busy both are disabled, so a
 * second click cannot send the work twice. `autoFocus` picks which one has the initial focus:
 * Cancel before something that cannot be undone, the confirming button where it is the safe choice.
 */
export function DialogButtons(props: {
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  /** 'Cancel' unless the dismissing choice is itself an action (e.g. Sign out). */
  cancelLabel?: string;
  busy?: boolean | undefined;
  /** The confirming button is disabled (nothing to confirm yet). */
  confirmDisabled?: boolean | undefined;
  destructive?: boolean | undefined;
  autoFocus?: 'cancel' | 'confirm';
  /** Buttons before Cancel (e.g. Restore defaults). */
  leading?: ReactNode;
  /** Buttons between Cancel and the confirming one (e.g. a second way to save). */
  children?: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const busy = props.busy ?? false;
  return (
    <DialogActions sx={props.sx ?? []}>
      {props.leading}
      <Button onClick={props.onCancel} disabled={busy} autoFocus={props.autoFocus === 'cancel'}>
        {props.cancelLabel ?? 'Cancel'}
      </Button>
      {props.children}
      <Button
        onClick={props.onConfirm}
        disabled={busy || (props.confirmDisabled ?? false)}
        variant="contained"
        color={props.destructive ? 'error' : 'primary'}
        autoFocus={props.autoFocus === 'confirm'}
      >
        {props.confirmLabel}
      </Button>
    </DialogActions>
  );
}
