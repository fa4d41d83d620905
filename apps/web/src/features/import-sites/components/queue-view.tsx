import { useCallback, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  ALL_IMPORT_QUEUE_FILTERS,
  IMPORT_QUEUE_FILTER_LABELS,
  ImportMessages,
  ImportQueueFilter,
  TaskState,
  matchingModeOf,
  parseImportSubmitDetail,
  mayCreateReports,
  type TImportQueueCounts,
  type TQueuedImportSite,
  type TTaskStatus,
} from '@riskatlas/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DialogButtons, DialogError } from '../../../components/dialog-buttons';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { useNotify } from '../../../components/notifier';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/api/current-user';
import { startImportResolution } from '../../../lib/import-resolution';
import { goToPage } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { useClock } from '../../../lib/clock';
import { useFollowTask } from '../../../lib/use-follow-task';
import { useLayoutMode } from '../../../lib/viewport';
import { ROW_HEIGHT } from '../../../components/virtual-rows';
import { useAvailableHeight } from '../../sites';
import { changeQueueOptions, deleteQueuedSites, editQueuedSite, getImportStatusDetail, importQueueExcelUrl, importQueueKey, submitImport, useQueueWindows } from '../api/import-queue';
import { markRowEdited, useQueuePolling } from '../hooks/use-queue-polling';
import { IMPORT_POLL_MS, IMPORT_TIMED_OUT, MATCHING_FLAGS, type ImportOptions } from '../import-modes';
import { MatchingAndUpdates } from './options-step';
import { QueueGrid } from './queue-grid';
import { StatusDetailDialog } from './status-detail-dialog';
import { SubmitDialog, type SubmitChoice } from './submit-dialog';

/** The rows in view before the grid has measured itself: a screenful. */
const FIRST_RANGE: [number, number] = [0, 30];

type Pending = { kind: 'delete'; mode: 1 | 2 | 'selected' } | { kind: 'options' } | { kind: 'submit' } | null;

/** Mode 0: the queue with its counts, filter entries, row actions, and the import into the account. */
export function QueueView({ counts, onImportMore }: { counts: TImportQueueCounts; onImportMore: () => void }) {
  const user = useSignedInUser();
  const layout = useLayoutMode();
  const notify = useNotify();
  const followTask = useFollowTask();
  const clock = useClock();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState(ALL_IMPORT_QUEUE_FILTERS);
  const [range, setRange] = useState(FIRST_RANGE);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<TQueuedImportSite | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState<Pick<TTaskStatus, 'countTotal' | 'countCompleted'> | null>(null);
  const rows = useQueueWindows(filters, range[0], range[1]);
  useQueuePolling(filters, rows.windows);
  const onRange = useCallback((first: number, end: number) => setRange((current) => (current[0] === first && current[1] === end ? current : [first, end])), []);
  const gridBox = useRef<HTMLDivElement>(null);
  // The grid fills the screen below the buttons, with six rows at least (a phone scrolls the page to it).
  const available = useAvailableHeight(gridBox, { min: ROW_HEIGHT * 7, bottomGap: 24 });
  const externalIdName = user.account.externalIDName;
  const refresh = () => queryClient.invalidateQueries({ queryKey: importQueueKey });
  const selectedIds = useMemo(() => [...selected], [selected]);

  const close = () => {
    setPending(null);
    setError(null);
  };
  const run = async (work: () => Promise<void>, failure: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      close();
    } catch (cause) {
      setError(`${failure} ${errorMessage(cause)}`.trim());
    } finally {
      setBusy(false);
      void refresh();
    }
  };
  const removeRows = (mode: 1 | 2 | 'selected') =>
    run(async () => {
      const { deleted } = await deleteQueuedSites(mode === 'selected' ? { queuedSiteIds: selectedIds } : { deleteMode: mode });
      setSelected(new Set());
      notify({ message: `${deleted.toLocaleString()} ${deleted === 1 ? 'row' : 'rows'} removed from the queue.`, severity: 'success' });
    }, ImportMessages.itemsDeleteFailed);
  const changeOptions = (options: Pick<ImportOptions, 'matching' | 'updateFlags'>) =>
    run(async () => {
      await changeQueueOptions({ queuedSiteIds: selectedIds, geocoderFlags: MATCHING_FLAGS[options.matching], updateFlags: options.updateFlags });
      // The rows are checked again: those in view are read on the edited rows' short timer.
      for (const id of selectedIds) markRowEdited(id, clock.now());
      notify({ message: ImportMessages.optionsUpdated, severity: 'success' });
    }, ImportMessages.optionsNotSaved);
  const submit = (choice: SubmitChoice) =>
    run(async () => {
      const { taskStatusId } = await submitImport({ includeWarnings: choice.includeWarnings, batchMode: choice.batchMode }, choice.body);
      setSubmitting({ countTotal: 0, countCompleted: 0 });
      followTask(
        taskStatusId,
        (task) => {
          setSubmitting(null);
          void refresh();
          void queryClient.invalidateQueries({ queryKey: ['sites'] });
          const result = parseImportSubmitDetail(task.detail);
          if (task.currentStatus === TaskState.Complete) {
            const done = result ? ` ${result.created.toLocaleString()} created, ${result.updated.toLocaleString()} updated.` : '';
            notify({ message: `${ImportMessages.importComplete}${done}${result?.batchMessage ? ` ${result.batchMessage}` : ''}`, severity: result?.batchMessage ? 'warning' : 'success' });
          } else notify({ message: result?.message ?? task.detail ?? ImportMessages.submitFailed, severity: 'error' });
        },
        {
          intervalMs: IMPORT_POLL_MS,
          onProgress: setSubmitting,
          onGiveUp: () => {
            setSubmitting(null);
            notify({ message: `${ImportMessages.submitFailed} ${IMPORT_TIMED_OUT}`, severity: 'error' });
          },
        },
      );
    }, ImportMessages.submitFailed);

  // A row's action button opens the Map page with its candidates or its matching sites.
  const openOnMap = async (row: TQueuedImportSite) => {
    try {
      const detail = row.geoCandidates.length > 0 ? null : await getImportStatusDetail(row.queuedSiteId);
      const matches = (detail?.matches ?? []).filter((match) => match.visible);
      if (detail && matches.length === 0) {
        // Matching sites the user may not see: the spec's sentence, and the row's detail instead of the map.
        if (detail.matches.length > 0) notify({ message: ImportMessages.matchesNotVisible, severity: 'warning' });
        setOpen(row);
        return;
      }
      startImportResolution({
        queuedSiteId: row.queuedSiteId,
        rowNumber: row.rowNumber,
        siteName: row.siteName,
        address: [row.street, row.city, row.state, row.zipCode, row.countryCode].filter(Boolean).join(', '),
        candidates: row.geoCandidates.map((candidate, index) => ({
          index,
          label: [candidate.Street, candidate.City, candidate.State, candidate.PostalCode].filter(Boolean).join(', ') || candidate.Country,
          latitude: candidate.Coordinates.Latitude,
          longitude: candidate.Coordinates.Longitude,
        })),
        matches: matches.map((match) => ({ siteId: match.siteId, siteName: match.siteName, address: match.address, latitude: match.latitude, longitude: match.longitude })),
        resolve: async (choice) => {
          await editQueuedSite({ queuedSiteId: row.queuedSiteId, ...choice });
          markRowEdited(row.queuedSiteId, clock.now());
          await refresh();
        },
      });
      // The Map page opens framed on the candidates or the matching sites; none is selected.
      goToPage(PageId.Map, { siteId: null });
    } catch (cause) {
      notify({ message: errorMessage(cause), severity: 'error' });
    }
  };

  const toggleFilter = (flag: number, on: boolean) => {
    const next = on ? filters | flag : filters & ~flag;
    // selectionMode needs at least one entry: the last one cannot be turned off.
    if (next !== 0) {
      setFilters(next);
      setRange(FIRST_RANGE);
    }
  };
  const select = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const needSelection = (then: () => void) => () => (selected.size === 0 ? notify({ message: ImportMessages.noItemsSelected, severity: 'warning' }) : then());

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} aria-label="Queue counts">
        <Chip label={`${counts.total.toLocaleString()} rows`} />
        <Chip color="success" variant="outlined" label={`${counts.import.toLocaleString()} new sites`} />
        <Chip color="success" variant="outlined" label={`${counts.rescore.toLocaleString()} to rescore`} />
        <Chip color="success" variant="outlined" label={`${counts.attach.toLocaleString()} to attach`} />
        <Chip color="warning" variant="outlined" label={`${counts.warnings.toLocaleString()} with warnings`} />
        <Chip color="error" variant="outlined" label={`${counts.exceptions.toLocaleString()} with issues`} />
        {counts.pending > 0 ? <Chip label={`${counts.pending.toLocaleString()} validating`} /> : null}
      </Box>
      {submitting ? (
        <Box sx={{ mb: 2 }} role="status">
          <Typography variant="body2">Importing… {submitting.countTotal > 0 ? `${submitting.countCompleted.toLocaleString()} of ${submitting.countTotal.toLocaleString()} rows` : ''}</Typography>
          <LinearProgress variant={submitting.countTotal > 0 ? 'determinate' : 'indeterminate'} value={submitting.countTotal > 0 ? (100 * submitting.countCompleted) / submitting.countTotal : 0} />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button variant="contained" disabled={counts.complete + counts.warnings === 0 || submitting !== null} onClick={() => setPending({ kind: 'submit' })}>
          Import ready rows
        </Button>
        <Button variant="outlined" onClick={onImportMore}>
          Upload another file
        </Button>
        <Button variant="outlined" onClick={needSelection(() => setPending({ kind: 'options' }))}>
          Change options
        </Button>
        <Button variant="outlined" onClick={needSelection(() => setPending({ kind: 'delete', mode: 'selected' }))}>
          Remove selected
        </Button>
        <Button
          variant="outlined"
          onClick={() => (counts.exceptions === 0 ? notify({ message: ImportMessages.noItemsWithIssues, severity: 'info' }) : setPending({ kind: 'delete', mode: 1 }))}
        >
          Remove rows with issues
        </Button>
        <Button variant="outlined" color="error" onClick={() => setPending({ kind: 'delete', mode: 2 })}>
          Clear the queue
        </Button>
        <Button variant="text" href={importQueueExcelUrl(true)} disabled={counts.exceptions + counts.warnings === 0}>
          Download rows with issues
        </Button>
        <Button variant="text" href={importQueueExcelUrl(false)}>
          Download the queue
        </Button>
      </Box>
      <FormGroup row sx={{ mb: 1 }} aria-label="Show rows">
        {(Object.keys(ImportQueueFilter) as Array<keyof typeof ImportQueueFilter>).map((key) => (
          <FormControlLabel
            key={key}
            control={<Checkbox size="small" checked={(filters & ImportQueueFilter[key]) !== 0} onChange={(event) => toggleFilter(ImportQueueFilter[key], event.target.checked)} />}
            label={IMPORT_QUEUE_FILTER_LABELS[key]}
          />
        ))}
      </FormGroup>
      <Box ref={gridBox}>
        {rows.total === undefined ? (
          rows.error ? <ErrorWithRetry message={errorMessage(rows.error)} onRetry={() => void rows.refetch()} /> : <PageSpinner label="Loading the queue" />
        ) : rows.total === 0 ? (
          <Alert severity="info">No rows match the entries chosen above.</Alert>
        ) : (
          <>
            {rows.error ? (
              <Alert severity="error" sx={{ mb: 1 }} action={<Button onClick={() => void rows.refetch()}>Retry</Button>}>
                {errorMessage(rows.error)}
              </Alert>
            ) : null}
            <QueueGrid
              // Other filter entries are another list: it starts at the top.
              key={filters}
              total={rows.total}
              rowAt={rows.rowAt}
              onRange={onRange}
              // As tall as the rows (and a scroll bar) up to the room left on the screen.
              height={Math.min(available, ROW_HEIGHT * (rows.total + 1) + 18)}
              selected={selected}
              onSelect={select}
              showClassifications={user.account.allowAdvancedPermissions}
              externalIdName={externalIdName}
              compact={layout.compact}
              onOpen={setOpen}
              onAction={(row) => void openOnMap(row)}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {rows.total.toLocaleString()} {rows.total === 1 ? 'row matches' : 'rows match'} the entries chosen
              {selected.size > 0 ? `, ${selected.size.toLocaleString()} selected` : ''}
            </Typography>
          </>
        )}
      </Box>
      <StatusDetailDialog
        key={open?.queuedSiteId ?? 0}
        row={open}
        externalIdName={externalIdName}
        onClose={() => setOpen(null)}
        onEdit={async (edit) => {
          await editQueuedSite(edit);
          markRowEdited(edit.queuedSiteId, clock.now());
          await refresh();
        }}
      />
      {pending?.kind === 'delete' ? (
        <ConfirmDialog
          open
          title="Remove rows from the queue"
          confirmLabel="Remove"
          destructive
          busy={busy}
          error={error}
          onConfirm={() => void removeRows(pending.mode)}
          onClose={close}
        >
          {ImportMessages.confirmDelete(pending.mode === 'selected' ? selected.size : pending.mode === 1 ? counts.exceptions : counts.total)}
        </ConfirmDialog>
      ) : null}
      {pending?.kind === 'options' ? <ChangeOptionsDialog count={selected.size} first={rows.windows.flatMap((window) => window.rows).find((row) => selected.has(row.queuedSiteId))} busy={busy} error={error} onSave={(options) => void changeOptions(options)} onClose={close} /> : null}
      {pending?.kind === 'submit' ? <SubmitDialog counts={counts} mayCreateReports={mayCreateReports(user)} busy={busy} error={error} onSubmit={(choice) => void submit(choice)} onClose={close} /> : null}
    </Box>
  );
}

/** Edit import options for the selected rows: how they are matched and what a match updates. */
function ChangeOptionsDialog(props: { count: number; first: TQueuedImportSite | undefined; busy: boolean; error: string | null; onSave: (options: Pick<ImportOptions, 'matching' | 'updateFlags'>) => void; onClose: () => void }) {
  const [options, setOptions] = useState<Pick<ImportOptions, 'matching' | 'updateFlags'>>({
    matching: props.first ? matchingModeOf(props.first.geocoderFlags) : 'nameOrAddress',
    updateFlags: props.first?.updateFlags ?? 0,
  });
  return (
    <Dialog open onClose={props.busy ? undefined : props.onClose} aria-labelledby="import-options-title" maxWidth="md" fullWidth>
      <DialogTitle id="import-options-title">
        Import options for {props.count} {props.count === 1 ? 'row' : 'rows'}
      </DialogTitle>
      <DialogContent>
        <MatchingAndUpdates options={options} onChange={setOptions} />
        <DialogError error={props.error} />
      </DialogContent>
      <DialogButtons onCancel={props.onClose} onConfirm={() => props.onSave(options)} confirmLabel="Save and check again" busy={props.busy} />
    </Dialog>
  );
}
