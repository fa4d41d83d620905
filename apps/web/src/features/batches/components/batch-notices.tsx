import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { BatchMessages, batchNotice, batchProgressLabel, type TTaskStatus } from '@riskatlas/domain';
import { PageLink } from '../../../components/page-link';
import { useClock } from '../../../lib/clock';
import { PageId } from '../../../lib/page-ids';
import { useBatchTracker } from '../hooks/use-batch-tracker';

const reportsCreated = (count: number) => `${count.toLocaleString('en-US')} report${count === 1 ? '' : 's'} created.`;

/**
 * The batch notices at the bottom corner of every page: 'Report Batch(es) In Progress' with the
 * reports done so far while any batch runs, then 'Report Batch(es) Complete!' until dismissed (it
 * also greets the user for a batch finished within the last day). Dismissing marks the batches'
 * tasks seen, so the notice does not return at the next sign-in.
 */
export function BatchNotices(props: { tasks: readonly TTaskStatus[]; onDismissTasks: (taskStatusIds: number[]) => void }) {
  const clock = useClock();
  const { batches } = useBatchTracker(props.tasks);
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(() => new Set());
  const notice = batchNotice(batches, props.tasks, dismissed, clock.now());
  if (!notice) return null;

  const link = (
    <PageLink page={PageId.Batches} color="inherit" sx={{ fontWeight: 600 }}>
      View batches
    </PageLink>
  );
  const dismiss = () => {
    if (notice.kind !== 'complete') return;
    setDismissed((ids) => new Set([...ids, ...notice.batches.map((batch) => batch.batchId)]));
    const taskIds = notice.batches.flatMap((batch) => (batch.taskStatusId === null ? [] : [batch.taskStatusId]));
    if (taskIds.length > 0) props.onDismissTasks(taskIds);
  };

  return (
    <Box
      data-testid="batch-notice"
      sx={{ position: 'fixed', zIndex: 'snackbar', left: { xs: 8, sm: 16 }, right: { xs: 8, sm: 'auto' }, bottom: { xs: 8, sm: 16 }, width: { sm: 380 } }}
    >
      {notice.kind === 'inProgress' ? (
        <Alert severity="info" variant="filled" role="status" sx={{ boxShadow: 6, '& .MuiAlert-message': { width: '100%' } }}>
          <AlertTitle>{BatchMessages.batchInProgress}</AlertTitle>
          <LinearProgress
            variant="determinate"
            color="inherit"
            value={notice.reportsTotal > 0 ? (notice.reportsCompleted / notice.reportsTotal) * 100 : 0}
            aria-label="Report batch progress"
            sx={{ my: 1, height: 6, borderRadius: 3 }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {batchProgressLabel(notice.reportsCompleted, notice.reportsTotal)}
              {notice.batchCount > 1 ? ` in ${notice.batchCount} batches` : ''}
            </Typography>
            {link}
          </Box>
        </Alert>
      ) : (
        <Alert
          severity={notice.failed.length > 0 ? 'warning' : 'success'}
          variant="filled"
          role="status"
          onClose={dismiss}
          slotProps={{ closeButton: { 'aria-label': 'Dismiss batch notice' } }}
          sx={{ boxShadow: 6 }}
        >
          <AlertTitle>{BatchMessages.batchComplete}</AlertTitle>
          <Typography variant="body2">{reportsCreated(notice.reportsCompleted)} The Site Library shows the new reports.</Typography>
          {notice.failed.map((batch) => (
            <Typography key={batch.batchId} variant="body2" sx={{ mt: 0.5 }}>
              A batch stopped early{batch.detail ? `: ${batch.detail}` : '.'}
            </Typography>
          ))}
          <Box sx={{ mt: 0.5 }}>{link}</Box>
        </Alert>
      )}
    </Box>
  );
}
