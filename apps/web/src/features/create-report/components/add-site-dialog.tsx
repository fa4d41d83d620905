import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { siteAddedMessage, siteCreationFailedMessage, type TCreateSiteRequest } from '@riskatlas/domain';
import { DialogButtons } from '../../../components/dialog-buttons';
import { useNotify } from '../../../components/notifier';
import { errorMessage } from '../../../lib/api-client';
import { goToPage } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { useCreateSite } from '../api/create-site';
import { useSiteEntry } from '../hooks/use-site-entry';
import type { TSiteNearby } from '../types';
import { DuplicateSiteDialog } from './duplicate-site-dialog';
import { SiteEntryForm } from './site-entry-form';

/**
 * Add a site without a report: its name, external id, tags and notes and its location (a place,
 * an address resolved to one candidate, or coordinates). A site already at the location is shown
 * first; the user opens it or creates the new one anyway.
 */
export function AddSiteDialog({ open, externalIdLabel, onClose, onCreated }: { open: boolean; externalIdLabel: string; onClose: () => void; onCreated: () => void }) {
  const entry = useSiteEntry({ needsName: true });
  const create = useCreateSite();
  const notify = useNotify();
  const phone = useMediaQuery('(max-width:539.95px)');
  const [pending, setPending] = useState<{ site: TCreateSiteRequest; nearby: readonly TSiteNearby[] } | null>(null);

  const close = () => {
    entry.reset();
    setPending(null);
    create.reset();
    onClose();
  };

  const send = (site: TCreateSiteRequest, ignoreDuplicates: boolean) =>
    create.mutate(
      { site, ignoreDuplicates },
      {
        onSuccess: (created) => {
          notify({ message: siteAddedMessage(created.siteName), severity: 'success' });
          onCreated();
          close();
        },
        onError: (cause) => {
          setPending(null);
          entry.setError({ field: null, message: siteCreationFailedMessage(errorMessage(cause)) });
        },
      },
    );

  const submit = async () => {
    const result = await entry.check();
    if (result.kind === 'ready') send(result.site, false);
    else if (result.kind === 'duplicates') setPending({ site: result.site, nearby: result.nearby });
  };

  const busy = entry.busy || create.isPending;
  return (
    <>
      <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby="add-site-title" maxWidth="md" fullWidth fullScreen={phone}>
        <DialogTitle id="add-site-title">Add a site</DialogTitle>
        <DialogContent>
          <SiteEntryForm entry={entry} siteFields externalIdLabel={externalIdLabel} />
        </DialogContent>
        <DialogButtons onCancel={close} onConfirm={() => void submit()} confirmLabel={busy ? 'Checking…' : 'Add site'} busy={busy} />
      </Dialog>
      <DuplicateSiteDialog
        nearby={pending?.nearby ?? []}
        busy={create.isPending}
        onOpen={(site) => {
          close();
          goToPage(PageId.Sites, { siteId: site.siteId });
        }}
        onCreateAnyway={() => pending && send(pending.site, true)}
        onClose={() => setPending(null)}
      />
    </>
  );
}
