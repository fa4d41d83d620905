import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { EmailField } from './email-field';
import { ErrorCode } from '@riskatlas/domain';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { goToPage, navigateToSearch } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { clearSignInNotice, peekSignInNotice, takeReturnTo } from '../../../lib/session-actions';
import { useLogin } from '../api/login';
import { PageLink } from '../../../components/page-link';
import { AuthCard } from './auth-card';

/**
 * Sign In: e-mail and password. Wrong credentials get one plain message from the server whatever
 * was wrong; a locked-out user is told to wait or reset the password. After signing in the user
 * lands on the page they originally asked for, or the default page.
 */
export default function SignInPage() {
  const [notice] = useState(peekSignInNotice);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const login = useLogin();
  const emailMissing = submitted && !email.trim();
  const passwordMissing = submitted && !password;

  useEffect(() => {
    clearSignInNotice();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (login.isPending || !email.trim() || !password) return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          const returnTo = takeReturnTo();
          if (returnTo) navigateToSearch(returnTo, { replace: true });
          else goToPage(PageId.Sites, {}, { replace: true });
        },
        onError: () => {
          setPassword('');
          setSubmitted(false);
        },
      },
    );
  };

  const locked = isApiError(login.error, ErrorCode.AccountLocked);
  return (
    <AuthCard title="Sign in">
      {notice ? (
        <Alert severity={notice.severity} sx={{ mb: 2 }}>
          {notice.text}
        </Alert>
      ) : null}
      {login.error ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {errorMessage(login.error)}
          {locked ? (
            <>
              {' '}
              <PageLink page={PageId.ForgotPassword} params={{ email: email.trim() }}>Reset your password</PageLink>
            </>
          ) : null}
        </Alert>
      ) : null}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <EmailField value={email} onChange={setEmail} missing={emailMissing} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordMissing}
          helperText={passwordMissing ? 'Enter your password.' : undefined}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        <PageLink page={PageId.ForgotPassword} params={email.trim() ? { email: email.trim() } : {}} sx={{ alignSelf: 'flex-start' }}>
          Forgot password?
        </PageLink>
      </Box>
    </AuthCard>
  );
}
