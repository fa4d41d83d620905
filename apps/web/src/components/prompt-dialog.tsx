import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { DialogButtons, DialogError } from './dialog-buttons';

/**
 * The prompt dialog: a title, a question, a response field with its label and quick
 * answers that fill it in one click. The response is required; it is trimmed before it is handed over.
 */
export function PromptDialog(props: {
  open: boolean;
  title: string;
  children?: ReactNode;
  responseLabel: string;
  quickAnswers?: readonly string[];
  confirmLabel: string;
  destructive?: boolean;
  busy?: boolean;
  error?: string | null;
  /** Shown under the field when the user confirms with nothing typed. */
  requiredMessage?: string;
  onConfirm: (response: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.busy ? undefined : props.onClose} aria-labelledby="prompt-dialog-title" maxWidth="xs" fullWidth>
      {props.open ? <PromptBody {...props} /> : null}
    </Dialog>
  );
}

function PromptBody(props: Parameters<typeof PromptDialog>[0]) {
  const [response, setResponse] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    const trimmed = response.trim();
    if (!trimmed) {
      setMissing(true);
      return;
    }
    props.onConfirm(trimmed);
  };
  return (
    <>
      <DialogTitle id="prompt-dialog-title">{props.title}</DialogTitle>
      <DialogContent>
        {props.children ? <DialogContentText component="div">{props.children}</DialogContentText> : null}
        <TextField
          label={props.responseLabel}
          value={response}
          onChange={(event) => {
            setResponse(event.target.value);
            setMissing(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              confirm();
            }
          }}
          error={missing}
          helperText={missing ? (props.requiredMessage ?? 'Please enter a response.') : undefined}
          fullWidth
          autoFocus
          margin="normal"
          disabled={props.busy}
        />
        {props.quickAnswers?.length ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Quick answers">
            {props.quickAnswers.map((answer) => (
              <Chip
                key={answer}
                label={answer}
                onClick={() => {
                  setResponse(answer);
                  setMissing(false);
                }}
                disabled={props.busy}
                variant="outlined"
              />
            ))}
          </Box>
        ) : null}
        <DialogError error={props.error} />
      </DialogContent>
      <DialogButtons onCancel={props.onClose} onConfirm={confirm} confirmLabel={props.confirmLabel} busy={props.busy} destructive={props.destructive} />
    </>
  );
}
