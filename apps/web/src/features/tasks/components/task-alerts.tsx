import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { pendingAlerts, type TTaskStatus } from '@riskatlas/domain';
import { touchTaskStatuses } from '../api/touch-task-statuses';

/**
 * Type-3 tasks not yet seen show as modal alerts, one at a time; each is marked clicked and seen
 * on the server as it is shown.
 */
export function TaskAlerts({ tasks }: { tasks: readonly TTaskStatus[] }) {
  const shown = useRef(new Set<number>());
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const current = pendingAlerts(tasks).find((task) => !closed.has(task.taskStatusId));

  useEffect(() => {
    if (!current || shown.current.has(current.taskStatusId)) return;
    shown.current.add(current.taskStatusId);
    touchTaskStatuses([current.taskStatusId], { clicked: true, seen: true }).catch(() => {
      // Not marked: it may show again after a reload, which is better than never.
    });
  }, [current]);

  if (!current) return null;
  const close = () => setClosed((ids) => new Set([...ids, current.taskStatusId]));
  return (
    <Dialog open onClose={close} aria-labelledby="task-alert-title" aria-describedby="task-alert-text" maxWidth="sm" fullWidth>
      <DialogTitle id="task-alert-title">{current.message?.trim() || 'Notice'}</DialogTitle>
      <DialogContent>
        <DialogContentText id="task-alert-text" sx={{ whiteSpace: 'pre-line' }}>
          {current.detail ?? ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
