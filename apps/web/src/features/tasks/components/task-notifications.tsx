import { BatchNotices } from '../../batches';
import { touchTaskStatuses } from '../api/touch-task-statuses';
import { useTaskTracker } from '../hooks/use-task-tracker';
import { TaskAlerts } from './task-alerts';

const EMPTY: never[] = [];

/** Marks dismissed batch tasks clicked and seen, so their notice does not return. */
function dismissBatchTasks(taskStatusIds: number[]): void {
  touchTaskStatuses(taskStatusIds, { clicked: true, seen: true }).catch(() => {
    // Not marked on the server: it stays hidden in this tab and may show again after a reload.
  });
}

/** Runs the task tracking of a signed-in user and shows the modal alerts and the batch notices; the bell is NotificationsButton. */
export function TaskNotifications({ isAdmin }: { isAdmin: boolean }) {
  const list = useTaskTracker({ enabled: true, isAdmin });
  return (
    <>
      <TaskAlerts tasks={list.data ?? EMPTY} />
      <BatchNotices tasks={list.data ?? EMPTY} onDismissTasks={dismissBatchTasks} />
    </>
  );
}
