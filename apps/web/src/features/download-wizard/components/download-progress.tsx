import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { DownloadMessages } from '@riskatlas/domain';
import { PageLink } from '../../../components/page-link';
import { fileDownloadHref } from '../../../lib/api/get-files';
import { PageId } from '../../../lib/page-ids';
import type { DownloadRun } from '../hooks/use-download-run';

/**
 * A started download while the wizard stays open (waitForDownload for the Excel summary and the
 * CSV; the archive's confirmation): progress counts, then the file link and the way to File
 * Downloads, or the job's failure in its own words.
 */
export function DownloadProgress({ run, unit, onLeave }: { run: DownloadRun; unit: string; onLeave: () => void }) {
  const percent = run.count > 0 ? Math.min(100, Math.round((run.completed / run.count) * 100)) : 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {run.kind === 'archive' ? <Alert severity="success">{DownloadMessages.confirm}</Alert> : null}
      {run.contextSectionsRemoved ? <Alert severity="info">{DownloadMessages.contextOff}</Alert> : null}
      {run.state === 'running' ? (
        <Box role="status">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {`Preparing: ${run.completed.toLocaleString()} of ${run.count.toLocaleString()} ${unit}${run.count === 1 ? '' : 's'}…`}
          </Typography>
          <LinearProgress variant="determinate" value={percent} aria-label="Download progress" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            You can close this window: the file will also be in File Downloads.
          </Typography>
        </Box>
      ) : null}
      {run.state === 'failed' ? (
        <Alert severity="error" role="alert">
          {run.failure}
        </Alert>
      ) : null}
      {run.state === 'done' ? (
        <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          <Typography>The file is ready.</Typography>
          {run.file ? (
            <Link href={fileDownloadHref(run.file.id)} download sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', overflowWrap: 'anywhere' }}>
              <DownloadIcon fontSize="small" />
              {`Download ${run.file.filename ?? 'the file'}`}
            </Link>
          ) : null}
        </Box>
      ) : null}
      <PageLink page={PageId.FileDownloads} onClick={onLeave}>
        Open File Downloads
      </PageLink>
    </Box>
  );
}
