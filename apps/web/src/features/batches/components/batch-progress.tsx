import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { batchProgressLabel, isBatchRunning, type TBatch } from '@riskatlas/domain';

/** A batch's progress: a bar while it runs, the counts always, and why a failed batch stopped. */
export function BatchProgress({ batch }: { batch: TBatch }) {
  const running = isBatchRunning(batch);
  const label = batchProgressLabel(batch.reportsCompleted, batch.reportsTotal);
  return (
    <Box sx={{ minWidth: 160 }}>
      {running ? (
        <LinearProgress
          variant="determinate"
          value={batch.reportsTotal > 0 ? (batch.reportsCompleted / batch.reportsTotal) * 100 : 0}
          aria-label={`Batch ${batch.batchId} progress`}
          sx={{ mb: 0.5, height: 6, borderRadius: 3 }}
        />
      ) : null}
      <Typography variant="body2">
        {label}
        {running ? ' — in progress' : ''}
      </Typography>
      {batch.failed ? (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          Stopped{batch.detail ? `: ${batch.detail}` : '.'} The reports created before it stopped are in the library.
        </Typography>
      ) : null}
    </Box>
  );
}
