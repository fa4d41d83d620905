import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { recipientsProblem, ReportDocumentMessages } from '@riskatlas/domain';
import { DialogButtons, DialogError } from '../../../components/dialog-buttons';
import { useNotify } from '../../../components/notifier';
import { errorMessage } from '../../../lib/api-client';
import { useEmailReport } from '../api/email-report';

/**
 * E-mail report: recipients (separated by commas, semicolons or spaces, each checked before
 * sending), a subject and a message, and for staff acting in a customer account the option to send
 * it to themselves; the server attaches the report's PDF. "Report has been sent!"
 * on success.
 */
export function EmailReportDialog(props: { accountProductReportId: number; siteName: string; impersonating: boolean; onClose: () => void }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const notify = useNotify();
  const mutation = useEmailReport();
  const [recipients, setRecipients] = useState('');
  const [subject, setSubject] = useState(`RiskAtlas report: ${props.siteName}`);
  const [message, setMessage] = useState('');
  const [toSelf, setToSelf] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    // Staff acting in a customer account may send the report to themselves alone.
    const problem = toSelf && recipients.trim() === '' ? undefined : recipientsProblem(recipients);
    if (problem) return setError(problem);
    setError(null);
    mutation.mutate(
      { accountProductReportId: props.accountProductReportId, recipients, subject, ...(message.trim() ? { message } : {}), ...(toSelf ? { sendToImpersonatingUser: true } : {}) },
      {
        onSuccess: () => {
          notify({ message: ReportDocumentMessages.reportSent, severity: 'success' });
          props.onClose();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <Dialog open onClose={mutation.isPending ? undefined : props.onClose} fullScreen={fullScreen} aria-labelledby="email-report-title" maxWidth="sm" fullWidth>
      <DialogTitle id="email-report-title">E-mail report</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <TextField
          label="Recipients"
          value={recipients}
          onChange={(event) => setRecipients(event.target.value)}
          helperText="Separate addresses with commas, semicolons or spaces."
          autoFocus
          required={!toSelf}
          fullWidth
        />
        {props.impersonating ? (
          <FormControlLabel control={<Checkbox checked={toSelf} onChange={(event) => setToSelf(event.target.checked)} />} label="Also send it to me (the impersonating user)" />
        ) : null}
        <TextField label="Subject" value={subject} onChange={(event) => setSubject(event.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 200 } }} />
        <TextField label="Message" value={message} onChange={(event) => setMessage(event.target.value)} multiline minRows={3} fullWidth slotProps={{ htmlInput: { maxLength: 4000 } }} />
        <DialogError error={error} />
      </DialogContent>
      <DialogButtons onCancel={props.onClose} onConfirm={send} confirmLabel="Send" busy={mutation.isPending} />
    </Dialog>
  );
}
