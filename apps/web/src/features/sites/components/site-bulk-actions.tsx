import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { BatchMessages, bulkUpgradeProblem, ExcelMessages, MAX_EXCEL_SUMMARY_REPORTS, mayCreateBatches, parseSiteIds, ReportMessages, SiteMessages, TaskState, type TCurrentUser, type TSite } from '@riskatlas/domain';
import { ExcelSummaryProgress, useExcelSummary } from '../../../components/excel-summary';
import { useNotify } from '../../../components/notifier';
import { BulkUpgradeDialog, openCreateReport } from '../../create-report';
import { openDownloadWizard } from '../../download-wizard';
import { errorMessage } from '../../../lib/api-client';
import { useFollowTask } from '../../../lib/use-follow-task';
import { useDeleteReports } from '../api/delete-reports';
import { useDeleteSiteCache } from '../api/delete-site-cache';
import { useDeleteSites } from '../api/delete-sites';
import { useSitesCsv } from '../../../lib/api/sites-csv';
import { useRecentlyViewed } from '../hooks/use-recently-viewed';
import { useSitesChanged } from '../hooks/use-sites-changed';
import { BULK_ACTIONS, isSupportUser, type BulkActionId } from './bulk-actions';
import { BulkActionsMenu } from './bulk-actions-menu';
import { CsvDialog } from './csv-dialog';
import { DeleteByIdsDialog } from './delete-by-ids-dialog';
import { DeleteReportsDialog } from './delete-reports-dialog';
import { DeleteSitesDialog } from './delete-sites-dialog';
import { EditTagsDialog } from './edit-tags-dialog';

/** "3 sites in the current release", "1 site in release 2024" */
const selectionDescription = (count: number, releaseYear: number) =>
  `${count.toLocaleString()} site${count === 1 ? '' : 's'} in ${releaseYear === -1 ? 'the current release' : `release ${releaseYear}`}`;

const reportsDeletedMessage = (count: number) =>
  count === 0 ? 'The selected sites had no reports to delete.' : `${count.toLocaleString()} report${count === 1 ? ' has' : 's have'} been deleted.`;

type OpenDialog = 'deleteSites' | 'deleteByIds' | 'deleteReports' | 'csv' | 'editTags' | 'upgrade' | null;

/**
 * The bulk actions of the Site Library with their dialogs and jobs. Deletions, CSV files and Excel
 * summaries are jobs: the notifications follow them (the bell, then a notice or File Downloads); deletions also
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
  const removeReports = useDeleteReports();
  const csv = useSitesCsv();
  const excel = useExcelSummary();
  const uncache = useDeleteSiteCache();
  const recent = useRecentlyViewed();
  const [open, setOpen] = useState<OpenDialog>(null);
  const [deleting, setDeleting] = useState<{ taskStatusId: number; count: number } | null>(null);
  const support = isSupportUser(user);

  const followTask = useFollowTask();

  /** Waits for a deletion job: the notifications announce the outcome; the list reloads either way (a failed job may have deleted part). */
  const follow = (taskStatusId: number, ids: readonly number[]) =>
    followTask(taskStatusId, (task) => {
      setDeleting(null);
      if (task.currentStatus === TaskState.Complete) {
        onSelectionDone();
        recent.forget(ids);
      }
      void sitesChanged();
    });

  const start = (id: BulkActionId) => {
    const action = BULK_ACTIONS.find((item) => item.id === id);
    if (action?.needsSelection && selectedIds.length === 0) {
      notify({ message: SiteMessages.noSitesSelected, severity: 'warning' });
      return;
    }
    switch (id) {
      case 'deleteSites':
      case 'deleteByIds':
      case 'deleteReports':
      case 'csv':
      case 'editTags':
        remove.reset();
        removeReports.reset();
        csv.reset();
        setOpen(id);
        break;
      case 'createReport':
        // Several sites make a batch, which this account may keep to administrators.
        if (selected.length > 1 && !mayCreateBatches(user)) notify({ message: BatchMessages.batchingNotAllowed, severity: 'warning' });
        else openCreateReport({ sites: selected, releaseYear });
        break;
      case 'upgrade': {
        // Upgrading works on the reports of one release, all alike; several at once is a support action.
        const problem = bulkUpgradeProblem(selected, releaseYear);
        if (problem) notify({ message: problem, severity: 'warning' });
        else if (selected.filter((site) => site.l !== null).length > 1) {
          if (support) setOpen('upgrade');
          else notify({ message: ReportMessages.bulkUpgradeSupportOnly, severity: 'warning' });
        } else openCreateReport({ sites: selected.filter((site) => site.l !== null), releaseYear });
        break;
      }
      case 'excelSummary':
        // The selected sites' reports of the filter's release, one row each; the server counts the reports too.
        if (selectedIds.length > MAX_EXCEL_SUMMARY_REPORTS) notify({ message: ExcelMessages.tooLarge, severity: 'warning' });
        else if (!excel.starting && !excel.run) excel.start({ siteIds: selectedIds, releaseYear });
        break;
      case 'reportDownload':
        // Like the Excel summary: the selected sites' reports of the filter's release.
        openDownloadWizard({
          selection: { siteIds: selectedIds, releaseYear },
          description: selectionDescription(selectedIds.length, releaseYear),
          csv: { siteIds: selectedIds, releaseYear },
        });
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
      <ExcelSummaryProgress run={excel.run} />
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
      <DeleteReportsDialog
        open={open === 'deleteReports'}
        count={selectedIds.length}
        support={support}
        busy={removeReports.isPending}
        error={removeReports.error ? errorMessage(removeReports.error) : null}
        onConfirm={(reason) =>
          removeReports.mutate(
            { request: { siteIds: selectedIds }, reason },
            {
              onSuccess: (result) => {
                setOpen(null);
                notify({ message: reportsDeletedMessage(result.deletedCount), severity: 'success' });
                void sitesChanged();
              },
            },
          )
        }
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
      {open === 'upgrade' ? (
        <BulkUpgradeDialog
          user={user}
          sites={selected.filter((site) => site.l !== null)}
          releaseYear={releaseYear}
          onClose={() => setOpen(null)}
          onUpgraded={() => void sitesChanged()}
        />
      ) : null}
    </>
  );
});
