import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import DownloadIcon from '@mui/icons-material/Download';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import type { TBatch } from '@riskatlas/domain';
import { pageLinkProps } from '../../../components/page-link';
import { PageId } from '../../../lib/page-ids';
import { BATCH_SITES_PARAM } from './library-batch-progress';

/** Why the download wizard is shown disabled until report downloads exist. */
const REPORT_DOWNLOADS_LATER = 'Available when report downloads arrive.';

/** A disabled button with its reason: the wrapper keeps the tooltip working on a disabled button. */
function Unavailable({ label }: { label: string }) {
  return (
    <Tooltip title={REPORT_DOWNLOADS_LATER}>
      <span>
        <Button size="small" disabled sx={{ whiteSpace: 'nowrap' }}>
          {label}
        </Button>
      </span>
    </Tooltip>
  );
}

/** A batch's actions: its report list as CSV, its Excel summary, the download wizard (not yet), and its sites in the library. */
export function BatchActions(props: { batch: TBatch; downloading: boolean; onDownloadList: () => void; excelBusy: boolean; onExcel: () => void }) {
  const { batch } = props;
  const hasReports = batch.reportsCompleted > 0;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={props.onDownloadList}
        disabled={!hasReports || props.downloading}
        sx={{ whiteSpace: 'nowrap' }}
        aria-label={`Download list (CSV) of batch ${batch.batchId}`}
      >
        {props.downloading ? 'Preparing…' : 'Download list (CSV)'}
      </Button>
      <Button
        size="small"
        startIcon={<TableChartOutlinedIcon />}
        onClick={props.onExcel}
        disabled={!hasReports || props.excelBusy}
        sx={{ whiteSpace: 'nowrap' }}
        aria-label={`Excel download of batch ${batch.batchId}`}
      >
        Excel download
      </Button>
      <Unavailable label="Download wizard" />
      <Button
        size="small"
        startIcon={<PlaceOutlinedIcon />}
        disabled={!hasReports}
        aria-label={`See sites of batch ${batch.batchId}`}
        sx={{ whiteSpace: 'nowrap' }}
        {...pageLinkProps(PageId.Sites, { [BATCH_SITES_PARAM]: batch.batchId })}
      >
        See sites
      </Button>
    </Box>
  );
}
