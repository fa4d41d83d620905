import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import type { TBatch } from '@riskatlas/domain';
import { pageLinkProps } from '../../../components/page-link';
import { PageId } from '../../../lib/page-ids';
import { BATCH_SITES_PARAM } from './library-batch-progress';

/** One small action button of a batch row; `name` is its accessible name (the label with the batch). */
function ActionButton(props: { icon: ReactNode; name: string; disabled: boolean; onClick: () => void; children: string }) {
  return (
    <Button size="small" startIcon={props.icon} onClick={props.onClick} disabled={props.disabled} sx={{ whiteSpace: 'nowrap' }} aria-label={props.name}>
      {props.children}
    </Button>
  );
}

/** A batch's actions: its report list as CSV, its Excel summary, the download wizard, and its sites in the library. */
export function BatchActions(props: {
  batch: TBatch;
  downloading: boolean;
  onDownloadList: () => void;
  excelBusy: boolean;
  onExcel: () => void;
  /** The batch is being read for the wizard. */
  wizardBusy: boolean;
  onWizard: () => void;
}) {
  const { batch } = props;
  const hasReports = batch.reportsCompleted > 0;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <ActionButton icon={<DownloadIcon />} name={`Download list (CSV) of batch ${batch.batchId}`} disabled={!hasReports || props.downloading} onClick={props.onDownloadList}>
        {props.downloading ? 'Preparing…' : 'Download list (CSV)'}
      </ActionButton>
      <ActionButton icon={<TableChartOutlinedIcon />} name={`Excel download of batch ${batch.batchId}`} disabled={!hasReports || props.excelBusy} onClick={props.onExcel}>
        Excel download
      </ActionButton>
      <ActionButton icon={<FolderZipOutlinedIcon />} name={`Download wizard of batch ${batch.batchId}`} disabled={!hasReports || props.wizardBusy} onClick={props.onWizard}>
        Download wizard
      </ActionButton>
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
