import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A load that failed: the server's sentence and a Retry button that asks again. */
export function ErrorWithRetry({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
