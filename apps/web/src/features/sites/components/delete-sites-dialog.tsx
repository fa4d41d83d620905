import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PromptDialog } from '../../../components/prompt-dialog';
import { SiteMessages } from '@riskatlas/domain';

/** The quick answer of the support path's reason prompt. */
export const CUSTOMER_REQUEST = 'Customer Request';

const what = (count: number) => (count === 1 ? '1 site' : `${count.toLocaleString()} sites`);

/**
 * Confirms deleting the selected sites: a customer's administrator confirms that it
 * cannot be undone; provider staff (the support path) give a reason, with 'Customer Request' as
 * the quick answer.
 */
export function DeleteSitesDialog(props: {
  open: boolean;
  count: number;
  support: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string | undefined) => void;
  onClose: () => void;
}) {
  const question = `Delete ${what(props.count)}? Their reports and comments are deleted with them. This cannot be undone.`;
  if (props.support) {
    return (
      <PromptDialog
        open={props.open}
        title="Delete sites"
        responseLabel="Reason"
        quickAnswers={[CUSTOMER_REQUEST]}
        confirmLabel="Delete"
        destructive
        busy={props.busy}
        error={props.error}
        requiredMessage={SiteMessages.deleteReasonRequired}
        onConfirm={props.onConfirm}
        onClose={props.onClose}
      >
        {question} Please give the reason for the deletion.
      </PromptDialog>
    );
  }
  return (
    <ConfirmDialog
      open={props.open}
      title="Delete sites"
      confirmLabel="Delete"
      destructive
      busy={props.busy}
      error={props.error}
      onConfirm={() => props.onConfirm(undefined)}
      onClose={props.onClose}
    >
      {question}
    </ConfirmDialog>
  );
}
