import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Messages } from '@riskatlas/domain';
import { signOut } from '../../../lib/session-actions';

/** Session Disabled: no navigation, no user widget; the only way on is to sign in again. */
export default function SessionDisabledPage() {
  const queryClient = useQueryClient();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 4, sm: 8 }, px: 2 }}>
      <Paper variant="outlined" sx={{ maxWidth: 520, p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Session Disabled
        </Typography>
        <Alert severity="error" sx={{ mb: 3 }}>
          {Messages.sessionDisabled}
        </Alert>
        <Button variant="contained" onClick={() => void signOut(queryClient, 'userRequest')}>
          Return to sign in
        </Button>
      </Paper>
    </Box>
  );
}
