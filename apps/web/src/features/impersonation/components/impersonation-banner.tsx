import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useNotify } from '../../../components/notifier';
import { errorMessage } from '../../../lib/api-client';
import { useSwitchAccount } from '../api/switch-account';

/** While provider staff act in a customer account: who they are acting as, and Stop. */
export function ImpersonationBanner({ company }: { company: string }) {
  const switchAccount = useSwitchAccount();
  const notify = useNotify();
  return (
    <Alert
      severity="warning"
      variant="filled"
      data-testid="impersonation-banner"
      sx={{ borderRadius: 0 }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={switchAccount.isPending}
          onClick={() => switchAccount.mutate('home', { onError: (error) => notify({ message: errorMessage(error), severity: 'error' }) })}
        >
          Stop
        </Button>
      }
    >
      Acting as {company}
    </Alert>
  );
}
