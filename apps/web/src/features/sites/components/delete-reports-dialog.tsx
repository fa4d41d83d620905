import { ReportMessages } from '@riskatlas/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PromptDialog } from '../../../components/prompt-dialog';
import { CUSTOMER_REQUEST, type DeleteSitesDialog } from './delete-sites-dialog';

/**
 * Confirms deleting every report of the selected sites (of every release year; the sites stay).
 * Administrators confirm that it cannot be undone; provider staff give a reason, 'Customer Request'
 * being the quick answer.
 */
export function DeleteReportsDialog(props: Parameters<typeof DeleteSitesDialog>[0]) {
  const sites = props.count === 1 ? 'the selected site' : `the ${props.count.toLocaleString()} selected sites`;
  const common = { open: props.open, title: 'Delete reports', confirmLabel: 'Delete reports', destructive: true, busy: props.busy, error: props.error, onClose: props.onClose };
  const question = `Delete every report of ${sites}, of every release year? The sites stay in the library without reports. This cannot be undone.`;
  return props.support ? (
    <PromptDialog {...common} responseLabel="Reason" quickAnswers={[CUSTOMER_REQUEST]} requiredMessage={ReportMessages.reasonRequired} onConfirm={props.onConfirm}>
      {question} Please give the reason for the deletion.
    </PromptDialog>
  ) : (
    <ConfirmDialog {...common} onConfirm={() => props.onConfirm(undefined)}>
      {question}
    </ConfirmDialog>
  );
}
