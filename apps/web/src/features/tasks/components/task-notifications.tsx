import { useTaskTracker } from '../hooks/use-task-tracker';
import { TaskAlerts } from './task-alerts';

/** Runs the task tracking of a signed-in user and shows the modal alerts; the bell is NotificationsButton. */
export function TaskNotifications({ isAdmin }: { isAdmin: boolean }) {
  const list = useTaskTracker({ enabled: true, isAdmin });
  return <TaskAlerts tasks={list.data ?? []} />;
}
