import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { EmailField } from './email-field';
import Typography from '@mui/material/Typography';
import { Messages } from '@riskatlas/domain';
import { errorMessage } from '../../../lib/api-client';
import { useQueryParam } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { useForgotPassword } from '../api/forgot-password';
import { PageLink } from '../../../components/page-link';
import { AuthCard } from './auth-card';

/** Forgot Password: asks for a reset link. The `email` query parameter prefills the address. */
export default function ForgotPasswordPage() {
  const prefill = useQueryParam('email') ?? '';
  const [email, setEmail] = useState(prefill);
  const forgot = useForgotPassword();
  const [submitted, setSubmitted] = useState(false);
  const missing = submitted && !email.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!email.trim() || forgot.isPending) return;
    forgot.mutate({ email: email.trim() });
  };

  return (
    <AuthCard title="Reset your password">
      {forgot.isSuccess ? (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {Messages.resetRequested}
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Enter the e-mail address you sign in with. We will send you a link to choose a new password.
          </Typography>
          {forgot.error ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {errorMessage(forgot.error)}
            </Alert>
          ) : null}
          <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <EmailField value={email} onChange={setEmail} missing={missing} />
            <Button type="submit" variant="contained" size="large" disabled={forgot.isPending}>
              {forgot.isPending ? 'Sending…' : 'Send reset link'}
            </Button>
          </Box>
        </>
      )}
      <PageLink page={PageId.SignIn} sx={{ display: 'inline-block', mt: 2 }}>
        Back to sign in
      </PageLink>
    </AuthCard>
  );
}
