import type { TCurrentUser } from '@riskatlas/domain';
import { closeDownloadWizard, useDownloadWizardRequest } from '../download-wizard-store';
import { DownloadWizard } from './download-wizard';

/**
 * Where the download wizard lives: mounted once by the shell, so it stays open — and keeps
 * following its download — when the page behind it changes (a finished file opens File Downloads
 * for non-admins).
 */
export function DownloadWizardHost({ user }: { user: TCurrentUser }) {
  const request = useDownloadWizardRequest();
  if (!request) return null;
  return <DownloadWizard user={user} request={request} onClose={closeDownloadWizard} />;
}
