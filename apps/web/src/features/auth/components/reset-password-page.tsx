import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { MIN_PASSWORD_LENGTH, Messages, newPasswordProblem } from '@riskatlas/domain';
import { errorMessage } from '../../../lib/api-client';
import { goToPage, useQueryParam } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { leaveSignInNotice } from '../../../lib/session-actions';
import { useResetPassword } from '../api/reset-password';
import { PageLink } from '../../../components/page-link';
import { AuthCard } from './auth-card';

/**
 * Reset Password: the one-time token comes from the `token` query parameter of the e-mailed link.
 * The new password must be at least 10 characters and match its confirmation; then Sign In says
 * the password was changed.
 */
export default function ResetPasswordPage() {
  const token = useQueryParam('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const reset = useResetPassword();
  const problem = newPasswordProblem(password, confirmation);
  const showProblem = submitted ? problem : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || reset.isPending) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          leaveSignInNotice({ text: Messages.passwordChanged, severity: 'success' });
          // Replace, so the token leaves the address bar and the history.
          goToPage(PageId.SignIn, {}, { replace: true });
        },
      },
    );
  };

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <Alert severity="error" sx={{ mb: 2 }}>
          {Messages.resetTokenInvalid}
        </Alert>
        <PageLink page={PageId.ForgotPassword}>Request a new link</PageLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {reset.error ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {errorMessage(reset.error)}{' '}
          <PageLink page={PageId.ForgotPassword}>Request a new link</PageLink>
        </Alert>
      ) : null}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          label="New password"
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={showProblem?.field === 'password'}
          helperText={showProblem?.field === 'password' ? showProblem.message : `At least ${MIN_PASSWORD_LENGTH} characters.`}
          required
          autoFocus
          fullWidth
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={showProblem?.field === 'confirmation'}
          helperText={showProblem?.field === 'confirmation' ? showProblem.message : ' '}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Change password'}
        </Button>
      </Box>
      <PageLink page={PageId.SignIn} sx={{ display: 'inline-block', mt: 2 }}>
        Back to sign in
      </PageLink>
    </AuthCard>
  );
}
