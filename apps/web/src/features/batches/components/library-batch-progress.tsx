import { useEffect, useEffectEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { BATCH_FLAG_CLEAR_MS, batchProgressLabel, isBatchRunning } from '@riskatlas/domain';
import { useNotify } from '../../../components/notifier';
import { PageLink } from '../../../components/page-link';
import { errorMessage } from '../../../lib/api-client';
import { useClock } from '../../../lib/clock';
import { currentSearch, navigateToSearch, useQueryParam } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { useBatches } from '../api/get-batches';
import { getBatch } from '../api/get-batch';

/** The query parameter 'see sites' opens the library with: the batch whose sites to select. */
export const BATCH_SITES_PARAM = 'batchId';

/**
 * Selects the sites of the batch the address names (from 'see sites' on the Batches page), then
 * drops the parameter so a reload or Back does not select them again.
 */
function useSelectBatchSites(onSelectSites: (siteIds: number[]) => void) {
  const notify = useNotify();
  const param = useQueryParam(BATCH_SITES_PARAM);
  const batchId = param !== null && /^[0-9]+$/.test(param) ? Number(param) : null;
  const select = useEffectEvent((siteIds: number[]) => onSelectSites(siteIds));
  useEffect(() => {
    if (param === null) return;
    const params = new URLSearchParams(currentSearch());
    params.delete(BATCH_SITES_PARAM);
    navigateToSearch(params.toString(), { replace: true });
    if (batchId === null) return;
    // Not aborted when the parameter is dropped just above (that re-runs this effect): the read must finish.
    getBatch(batchId)
      .then((batch) => {
        const siteIds = [...new Set(batch.batchReports.map((report) => report.siteId))];
        select(siteIds);
        notify({ message: `The ${siteIds.length.toLocaleString('en-US')} site${siteIds.length === 1 ? '' : 's'} of the batch ${siteIds.length === 1 ? 'is' : 'are'} selected.`, severity: 'info' });
      })
      .catch((error: unknown) => notify({ message: errorMessage(error), severity: 'error' }));
  }, [param, batchId, notify]);
}

/**
 * The library's batch indicator: the running batches' progress while reports are being created,
 * then, once they are done (the library reloads its sites), a line saying so that clears after 15 s.
 * It reads the batch list the notices keep fresh; it never asks the server itself. It also selects
 * the sites of a batch opened from the Batches page ('see sites').
 */
export function LibraryBatchProgress({ onSelectSites }: { onSelectSites: (siteIds: number[]) => void }) {
  const clock = useClock();
  const batches = useBatches({ enabled: false });
  const running = (batches.data ?? []).filter(isBatchRunning);
  const isRunning = running.length > 0;
  // "Just finished" is set the render the running batches end (adjusting state while rendering, not in an effect).
  const [wasRunning, setWasRunning] = useState(isRunning);
  const [justFinished, setJustFinished] = useState(false);
  if (wasRunning !== isRunning) {
    setWasRunning(isRunning);
    setJustFinished(!isRunning);
  }
  useEffect(() => {
    if (!justFinished) return;
    const handle = clock.setTimeout(() => setJustFinished(false), BATCH_FLAG_CLEAR_MS);
    return () => clock.clearTimeout(handle);
  }, [justFinished, clock]);
  useSelectBatchSites(onSelectSites);

  if (isRunning) {
    const completed = running.reduce((sum, batch) => sum + batch.reportsCompleted, 0);
    const total = running.reduce((sum, batch) => sum + batch.reportsTotal, 0);
    return (
      <Box role="status" data-testid="library-batch-progress" sx={{ mt: 1, mb: 1.5 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 0.5 }}>
          <Typography variant="body2">Creating reports: {batchProgressLabel(completed, total)}</Typography>
          <PageLink page={PageId.Batches} variant="body2">
            View batches
          </PageLink>
        </Box>
        <LinearProgress variant="determinate" value={total > 0 ? (completed / total) * 100 : 0} aria-label="Creating reports" />
      </Box>
    );
  }
  if (!justFinished) return null;
  return (
    <Alert severity="success" role="status" data-testid="library-batch-progress" sx={{ mt: 1, mb: 1.5 }}>
      The batch is complete: the library shows the new reports.
    </Alert>
  );
}
