import { TaskState, type TCurrentUser } from '@riskatlas/domain';
import { useFollowTask } from '../../../lib/use-follow-task';
import { closeCreateReport, useCreateReportRequest } from '../create-report-store';
import { CreateReportWizard } from './create-report-wizard';

/**
 * Where the Create Report panel lives: mounted once by the shell, it opens whenever the store
 * says so, and outlives the panel to reload the library when a batch it started finishes.
 */
export function CreateReportHost({ user, onSitesChanged }: { user: TCurrentUser; onSitesChanged: () => void }) {
  const request = useCreateReportRequest();
  const follow = useFollowTask();
  const followBatch = (taskStatusId: number) =>
    follow(taskStatusId, (task) => {
      if (task.currentStatus === TaskState.Complete) onSitesChanged();
    });

  if (!request) return null;
  return <CreateReportWizard user={user} sites={request.sites} location={request.location} onClose={closeCreateReport} onCreated={onSitesChanged} onBatchStarted={followBatch} />;
}
