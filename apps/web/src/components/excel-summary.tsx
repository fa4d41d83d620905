import { useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { POLL_INTERVAL_MS, TaskState, type TExcelSummaryRequest } from '@riskatlas/domain';
import { errorMessage } from '../lib/api-client';
import { useRequestExcelSummary } from '../lib/api/excel-summary';
import { useFollowTask } from '../lib/use-follow-task';
import { useNotify } from './notifier';

/** An Excel summary being made: its reports and how many are written. */
export interface ExcelSummaryRun {
  taskStatusId: number;
  count: number;
  completed: number;
}

/**
 * Starts Excel summaries and follows them: the job is polled every 4 s (the Excel summary's
 * interval) and its progress kept here; when the file is ready the notifications open File
 * Downloads. A refusal (above 20,000 reports, nothing to summarise) is shown in the server's words.
 */
export function useExcelSummary() {
  const notify = useNotify();
  const follow = useFollowTask();
  const request = useRequestExcelSummary();
  const [run, setRun] = useState<ExcelSummaryRun | null>(null);
  const start = (body: TExcelSummaryRequest) =>
    request.mutate(body, {
      onSuccess: ({ taskStatusId, count }) => {
        setRun({ taskStatusId, count, completed: 0 });
        notify({ message: 'Your Excel summary is being prepared. It will appear in File Downloads when it is ready.', severity: 'info' });
        follow(
          taskStatusId,
          (task) => {
            setRun(null);
            if (task.currentStatus === TaskState.Failed) notify({ message: task.detail?.trim() || 'The Excel summary could not be made.', severity: 'error' });
          },
          { intervalMs: POLL_INTERVAL_MS.excelSummary, onProgress: (task) => setRun((current) => current && { ...current, completed: task.countCompleted }) },
        );
      },
      onError: (error) => notify({ message: errorMessage(error), severity: 'error' }),
    });
  return { start, run, starting: request.isPending };
}

/** The progress line of a running Excel summary. */
export function ExcelSummaryProgress({ run }: { run: ExcelSummaryRun | null }) {
  if (!run) return null;
  const percent = run.count > 0 ? Math.min(100, Math.round((run.completed / run.count) * 100)) : 0;
  return (
    <Box role="status" sx={{ flexBasis: '100%', order: 10 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {`Preparing the Excel summary: ${run.completed.toLocaleString()} of ${run.count.toLocaleString()} report${run.count === 1 ? '' : 's'}…`}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label="Excel summary progress" />
    </Box>
  );
}
