import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { Messages } from '@riskatlas/domain';

/** Read-only accounts see an alert titled Account Maintenance. */
export function MaintenanceAlert() {
  return (
    <Alert severity="info" data-testid="maintenance-alert" sx={{ borderRadius: 0 }}>
      <AlertTitle>{Messages.accountMaintenanceTitle}</AlertTitle>
      {Messages.accountMaintenanceBody}
    </Alert>
  );
}
