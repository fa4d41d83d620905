import { memo, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { parseSiteIds, SiteMessages, TaskState, type TCurrentUser, type TSite } from '@riskatlas/domain';
import { useNotify } from '../../../components/notifier';
import { errorMessage } from '../../../lib/api-client';
import { announceTaskStarted, onTaskFinished } from '../../../lib/task-events';
import { useDeleteSiteCache } from '../api/delete-site-cache';
import { useDeleteSites } from '../api/delete-sites';
import { useSitesCsv } from '../api/sites-csv';
import { useRecentlyViewed } from '../hooks/use-recently-viewed';
import { useSitesChanged } from '../hooks/use-sites-changed';
import { BULK_ACTIONS, isSupportUser, type BulkActionId } from './bulk-actions';
import { BulkActionsMenu } from './bulk-actions-menu';
import { CsvDialog } from './csv-dialog';
import { DeleteByIdsDialog } from './delete-by-ids-dialog';
import { DeleteSitesDialog } from './delete-sites-dialog';
import { EditTagsDialog } from './edit-tags-dialog';

type OpenDialog = 'deleteSites' | 'deleteByIds' | 'csv' | 'editTags' | null;

/**
 * The bulk actions of the Site Library with their dialogs and jobs. Deletions and CSV files are
 * jobs: the notifications follow them (the bell, then a notice or File Downloads); deletions also
 * reload the list here when they finish.
 */
export const SiteBulkActions = memo(function SiteBulkActions(props: {
  user: TCurrentUser;
  /** The selected sites that exist in the list. */
  selected: readonly TSite[];
  releaseYear: number;
  /** The country filter (a country id), passed to the CSV export. */
  countryId: number | null;
  onSelectionDone: () => void;
}) {
  const { user, selected, releaseYear, countryId, onSelectionDone } = props;
  const selectedIds = selected.map((site) => site.siteId);
  const notify = useNotify();
  const sitesChanged = useSitesChanged();
  const remove = useDeleteSites();
  const csv = useSitesCsv();
  const uncache = useDeleteSiteCache();
  const recent = useRecentlyViewed();
  const [open, setOpen] = useState<OpenDialog>(null);
  const [deleting, setDeleting] = useState<{ taskStatusId: number; count: number } | null>(null);
  const support = isSupportUser(user);

  // Listeners of running deletions, dropped if the page closes first.
  const listeners = useRef(new Set<() => void>());
  useEffect(() => {
    const current = listeners.current;
    return () => {
      for (const stop of current) stop();
      current.clear();
    };
  }, []);

  /** Waits for a deletion job: the notifications announce the outcome; the list reloads either way (a failed job may have deleted part). */
  const follow = (taskStatusId: number, ids: readonly number[]) => {
    const stop = onTaskFinished((task) => {
      if (task.taskStatusId !== taskStatusId) return;
      stop();
      listeners.current.delete(stop);
      setDeleting(null);
      if (task.currentStatus === TaskState.Complete) {
        onSelectionDone();
        recent.forget(ids);
      }
      void sitesChanged();
    });
    listeners.current.add(stop);
    announceTaskStarted(taskStatusId);
  };

  const start = (id: BulkActionId) => {
    const action = BULK_ACTIONS.find((item) => item.id === id);
    if (action?.needsSelection && selectedIds.length === 0) {
      notify({ message: SiteMessages.noSitesSelected, severity: 'warning' });
      return;
    }
    switch (id) {
      case 'deleteSites':
      case 'deleteByIds':
      case 'csv':
      case 'editTags':
        remove.reset();
        csv.reset();
        setOpen(id);
        break;
      case 'uncache':
        uncache.mutate(undefined, {
          onSuccess: () => {
            void sitesChanged();
            notify({ message: 'The site lists of this account will reload for every user.', severity: 'success' });
          },
          onError: (error) => notify({ message: errorMessage(error), severity: 'error' }),
        });
        break;
      default:
        break;
    }
  };

  const startDeletion = (ids: readonly number[] | string, reason: string | undefined) =>
    remove.mutate(
      { ids: typeof ids === 'string' ? ids : [...ids], reason },
      {
        onSuccess: (started) => {
          setOpen(null);
          setDeleting({ taskStatusId: started.taskStatusId, count: started.count });
          follow(started.taskStatusId, typeof ids === 'string' ? parseSiteIds(ids).ids : ids);
        },
      },
    );

  return (
    <>
      <BulkActionsMenu user={user} selectedCount={selectedIds.length} onAction={start} />
      {deleting ? (
        <Box role="status" sx={{ flexBasis: '100%', order: 10 }}>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {deleting.count === 1 ? 'Deleting 1 site…' : `Deleting ${deleting.count.toLocaleString()} sites…`}
          </Typography>
          <LinearProgress aria-label="Deleting sites" />
        </Box>
      ) : null}
      <DeleteSitesDialog
        open={open === 'deleteSites'}
        count={selectedIds.length}
        support={support}
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={(reason) => startDeletion(selectedIds, reason)}
        onClose={() => setOpen(null)}
      />
      <DeleteByIdsDialog
        open={open === 'deleteByIds'}
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={(ids, reason) => startDeletion(ids, reason)}
        onClose={() => setOpen(null)}
      />
      <CsvDialog
        open={open === 'csv'}
        selectedCount={selectedIds.length}
        busy={csv.isPending}
        error={csv.error ? errorMessage(csv.error) : null}
        onConfirm={(choice) =>
          csv.mutate(
            { siteIds: [...selectedIds], forAccount: choice.forAccount, reportSummary: choice.reportSummary, releaseYear, country: countryId ?? undefined },
            {
              onSuccess: () => {
                setOpen(null);
                notify({ message: 'Your site CSV file is being prepared. It will appear in File Downloads when it is ready.', severity: 'info' });
              },
            },
          )
        }
        onClose={() => setOpen(null)}
      />
      <EditTagsDialog open={open === 'editTags'} sites={selected} onClose={() => setOpen(null)} />
    </>
  );
});
