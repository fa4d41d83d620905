import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PlaylistAddCheckOutlinedIcon from '@mui/icons-material/PlaylistAddCheckOutlined';
import { BATCH_HISTORY_DAYS, COUNTRIES, REPORT_TYPE_NAMES, type TBatch } from '@riskatlas/domain';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PageHeader } from '../../../components/page-header';
import { pageLinkProps } from '../../../components/page-link';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { PageId } from '../../../lib/page-ids';
import { useLayoutMode } from '../../../lib/viewport';
import { useBatches } from '../api/get-batches';
import { useDownloadBatchList } from '../hooks/use-download-batch-list';
import { useBatchDownloads } from '../hooks/use-batch-downloads';
import { ExcelSummaryProgress } from '../../../components/excel-summary';
import { BatchActions } from './batch-actions';
import { BatchProgress } from './batch-progress';

function formatDate(iso: string | null): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "Basic · 2025 · United States" */
function describeBatch(batch: TBatch): string {
  const country = COUNTRIES.find((item) => item.iso3 === batch.summary.countryCode)?.name ?? batch.summary.countryCode;
  return [REPORT_TYPE_NAMES[batch.summary.reportType], batch.summary.releaseYear, country].join(' · ');
}

function When({ iso }: { iso: string | null }) {
  return iso === null ? <span>—</span> : <time dateTime={iso}>{formatDate(iso)}</time>;
}

/**
 * Batches: the report batches of the last 365 days, newest first, with their dates, progress,
 * submitter, report list download, Excel summary, download wizard and a way to their sites in the library. The list refreshes
 * every 3 s while a batch runs.
 */
export default function BatchesPage() {
  const batches = useBatches({ enabled: true, onBatchesPage: true });
  const csv = useDownloadBatchList();
  const excel = useBatchDownloads();
  const layout = useLayoutMode();

  return (
    <>
      <PageHeader title="Batches" subtitle={`Reports created for many sites at once, over the last ${BATCH_HISTORY_DAYS} days.`} />
      <Box sx={{ mb: excel.run ? 2 : 0 }}>
        <ExcelSummaryProgress run={excel.run} />
      </Box>
      {batches.isPending ? (
        <PageSpinner label="Loading batches" />
      ) : batches.isError ? (
        <ErrorWithRetry message={errorMessage(batches.error)} onRetry={() => void batches.refetch()} />
      ) : batches.data.length === 0 ? (
        <EmptyState
          icon={<PlaylistAddCheckOutlinedIcon />}
          title={`No batches in the last ${BATCH_HISTORY_DAYS} days.`}
          action={
            <Button variant="contained" {...pageLinkProps(PageId.Sites)}>
              Open the Site Library
            </Button>
          }
        >
          To create reports for many sites at once, select the sites in the Site Library and choose Create report or batch from its
          actions menu. The batch and its progress appear here.
        </EmptyState>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size={layout.compact ? 'small' : 'medium'} aria-label="Batches">
            <TableHead>
              <TableRow>
                {layout.mobile ? (
                  <TableCell>Batch</TableCell>
                ) : (
                  <>
                    <TableCell>Created</TableCell>
                    <TableCell>Completed</TableCell>
                    <TableCell>Progress</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>Submitted by</TableCell>
                    <TableCell>Actions</TableCell>
                  </>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {batches.data.map((batch) => {
                const actions = (
                  <BatchActions
                    batch={batch}
                    downloading={csv.busyId === batch.batchId}
                    onDownloadList={() => void csv.download(batch)}
                    excelBusy={excel.busyId !== null || excel.starting || excel.run !== null}
                    onExcel={() => void excel.startExcel(batch)}
                    wizardBusy={excel.busyId === batch.batchId}
                    onWizard={() => void excel.openWizard(batch)}
                  />
                );
                return (
                  <TableRow key={batch.batchId} data-testid="batch-row" sx={{ verticalAlign: 'top' }}>
                    {layout.mobile ? (
                      // One cell per batch: six columns do not fit a phone, and a sideways scroll would hide the actions.
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          <When iso={batch.createdDate} /> · {batch.submittedBy}
                        </Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                          {describeBatch(batch)}
                          {batch.completedDate === null ? null : (
                            <>
                              {' · Completed '}
                              <When iso={batch.completedDate} />
                            </>
                          )}
                        </Typography>
                        <BatchProgress batch={batch} />
                        <Box sx={{ mt: 1 }}>{actions}</Box>
                      </TableCell>
                    ) : (
                      <>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <When iso={batch.createdDate} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <When iso={batch.completedDate} />
                        </TableCell>
                        <TableCell>
                          <BatchProgress batch={batch} />
                          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                            {describeBatch(batch)}
                          </Typography>
                        </TableCell>
                        <TableCell>{batch.submittedBy}</TableCell>
                        <TableCell sx={{ minWidth: 300 }}>{actions}</TableCell>
                      </>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
