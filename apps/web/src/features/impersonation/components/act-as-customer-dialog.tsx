import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DialogError } from '../../../components/dialog-buttons';
import { errorMessage } from '../../../lib/api-client';
import { useClock } from '../../../lib/clock';
import { useAccounts } from '../api/get-accounts';
import { useSwitchAccount } from '../api/switch-account';

const SEARCH_DEBOUNCE_MS = 250;

/** Provider staff choose a customer account to act in (every action is audited on the server). */
export function ActAsCustomerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const clock = useClock();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const accounts = useAccounts(q, open);
  const switchAccount = useSwitchAccount();

  useEffect(() => {
    const handle = clock.setTimeout(() => setQ(text), SEARCH_DEBOUNCE_MS);
    return () => clock.clearTimeout(handle);
  }, [text, clock]);

  const choose = (accountId: number) =>
    switchAccount.mutate({ accountId }, { onSuccess: () => onClose() });

  return (
    <Dialog open={open} onClose={switchAccount.isPending ? undefined : onClose} aria-labelledby="act-as-title" maxWidth="sm" fullWidth>
      <DialogTitle id="act-as-title">Act as customer</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Choose the account to act in. Everything you change while acting as a customer is recorded in that account&apos;s
          activity log.
        </Typography>
        <TextField
          label="Search company"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          fullWidth
          autoFocus
          size="small"
        />
        <DialogError error={switchAccount.error ? errorMessage(switchAccount.error) : null} />
        {accounts.isError ? (
          <DialogError error={errorMessage(accounts.error)} />
        ) : accounts.isPending ? (
          <CircularProgress size={24} sx={{ mt: 2 }} aria-label="Loading accounts" />
        ) : accounts.data.length === 0 ? (
          <Typography sx={{ mt: 2 }} color="text.secondary" role="status">
            No accounts match.
          </Typography>
        ) : (
          <List dense aria-label="Customer accounts" sx={{ mt: 1, maxHeight: 360, overflowY: 'auto' }}>
            {accounts.data.map((account) => (
              <ListItemButton key={account.accountID} onClick={() => choose(account.accountID)} disabled={switchAccount.isPending}>
                <ListItemText primary={account.company} secondary={`Account ${account.accountID}`} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={switchAccount.isPending}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
