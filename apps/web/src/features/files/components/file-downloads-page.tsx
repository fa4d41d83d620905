import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import {
  DEFAULT_FILE_DOWNLOAD_SORT,
  fileDownloadTypeName,
  filterFileDownloads,
  formatFileSize,
  sortFileDownloads,
  type FileDownloadSortKey,
  type SortDirection,
  type TFileDownload,
} from '@riskatlas/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { useNotify } from '../../../components/notifier';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/page-spinner';
import { SearchField } from '../../../components/search-field';
import { errorMessage } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/api/current-user';
import { useLayoutMode } from '../../../lib/viewport';
import { useDeleteFiles } from '../api/delete-file';
import { useExportActivityLog } from '../api/export-activity-log';
import { fileDownloadHref, useFiles } from '../../../lib/api/get-files';
import { openDownloadWizard } from '../../download-wizard';
import { useRefreshFilesOnTask } from '../hooks/use-refresh-files-on-task';

const COLUMNS: { key: FileDownloadSortKey; label: string; wide?: boolean }[] = [
  { key: 'filename', label: 'File name' },
  { key: 'fileDownloadType', label: 'Download type', wide: true },
  { key: 'created', label: 'Created' },
  { key: 'size', label: 'Size', wide: true },
];

/** Text for screen readers only. */
function VisuallyHidden({ children }: { children: string }) {
  return (
    <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
      {children}
    </Box>
  );
}

function formatCreated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * File Downloads: the user's files, newest first, with search, download links and
 * deletion; administrators can export the account's activity log, which arrives here when the job
 * finishes, and download the account's data through the download wizard.
 */
export default function FileDownloadsPage() {
  const user = useSignedInUser();
  const files = useFiles();
  const remove = useDeleteFiles();
  const exportLog = useExportActivityLog();
  const notify = useNotify();
  const layout = useLayoutMode();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: FileDownloadSortKey; direction: SortDirection }>(DEFAULT_FILE_DOWNLOAD_SORT);
  const [toDelete, setToDelete] = useState<TFileDownload | null>(null);
  useRefreshFilesOnTask();

  const rows = useMemo(
    () => sortFileDownloads(filterFileDownloads(files.data ?? [], search), sort.key, sort.direction),
    [files.data, search, sort],
  );
  const columns = COLUMNS.filter((column) => !(layout.mobile && column.wide));
  const canDelete = !user.readOnlyMode;

  const sortBy = (key: FileDownloadSortKey) =>
    setSort((current) =>
      current.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: key === 'created' || key === 'size' ? 'desc' : 'asc' },
    );

  const startExport = () =>
    exportLog.mutate(undefined, {
      onSuccess: () => notify({ message: 'The activity log export has started. It will appear here when it is ready.', severity: 'info' }),
      onError: (error) => notify({ message: errorMessage(error), severity: 'error' }),
    });

  const confirmDelete = () => {
    if (!toDelete) return;
    const name = toDelete.filename;
    remove.mutate([toDelete.fileDownloadID], {
      onSuccess: () => {
        setToDelete(null);
        notify({ message: `${name} has been deleted.`, severity: 'success' });
      },
    });
  };

  return (
    <>
      <PageHeader
        title="File Downloads"
        subtitle="Files prepared for you, such as exports, summaries and report archives."
        actions={
          user.adminMode ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {/* The account's reports of a release and country, whatever is selected elsewhere. */}
              <Button variant="outlined" onClick={() => openDownloadWizard({ selection: null, description: '', csv: null })}>
                Download account data
              </Button>
              <Button variant="contained" onClick={startExport} disabled={exportLog.isPending} data-testid="export-activity-log">
                {exportLog.isPending ? 'Starting export…' : 'Export activity log'}
              </Button>
            </Box>
          ) : null
        }
      />
      {files.isPending ? (
        <PageSpinner label="Loading files" />
      ) : files.isError ? (
        <ErrorWithRetry message={errorMessage(files.error)} onRetry={() => void files.refetch()} />
      ) : files.data.length === 0 ? (
        <EmptyState icon={<FolderOpenIcon />} title="No files yet">
          Files you request, such as Excel summaries, geocode and score files, report archives, citywide maps
          {user.adminMode ? ' and activity log exports' : ''}, appear here when they are ready. Larger files can take a few
          minutes; the notifications bell shows their progress.
        </EmptyState>
      ) : (
        <>
          <SearchField
            label="Search files"
            placeholder="File name or download type"
            value={search}
            onChange={setSearch}
            sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
          />
          <TableContainer component={Paper} variant="outlined">
            <Table size={layout.compact ? 'small' : 'medium'} aria-label="Files">
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column.key} sortDirection={sort.key === column.key ? sort.direction : false}>
                      <TableSortLabel
                        active={sort.key === column.key}
                        direction={sort.key === column.key ? sort.direction : 'asc'}
                        onClick={() => sortBy(column.key)}
                      >
                        {column.label}
                      </TableSortLabel>
                    </TableCell>
                  ))}
                  {/* On a phone the link is its icon alone, so the row fits without scrolling sideways. */}
                  <TableCell>{layout.mobile ? <VisuallyHidden>Download link</VisuallyHidden> : 'Download link'}</TableCell>
                  {canDelete ? (
                    <TableCell align="right">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </TableCell>
                  ) : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((file) => (
                  <TableRow key={file.fileDownloadID} hover data-testid="file-row">
                    <TableCell sx={{ wordBreak: 'break-word' }}>{file.filename}</TableCell>
                    {layout.mobile ? null : <TableCell>{fileDownloadTypeName(file.fileDownloadType)}</TableCell>}
                    <TableCell sx={{ whiteSpace: layout.mobile ? 'normal' : 'nowrap' }}>
                      <time dateTime={file.created}>{formatCreated(file.created)}</time>
                    </TableCell>
                    {layout.mobile ? null : <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatFileSize(file.size)}</TableCell>}
                    <TableCell>
                      <Link href={fileDownloadHref(file.fileDownloadID)} download aria-label={`Download ${file.filename}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                        <DownloadIcon fontSize="small" aria-hidden />
                        {layout.mobile ? null : 'Download'}
                      </Link>
                    </TableCell>
                    {canDelete ? (
                      <TableCell align="right">
                        <Tooltip title="Delete">
                          <IconButton aria-label={`Delete ${file.filename}`} onClick={() => setToDelete(file)} size="small">
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
                {rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={columns.length + (canDelete ? 2 : 1)}>
                      <Typography color="text.secondary" role="status">
                        No files match “{search.trim()}”.
                      </Typography>
                    </TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete file"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onConfirm={confirmDelete}
        onClose={() => {
          setToDelete(null);
          remove.reset();
        }}
      >
        {toDelete ? `Delete ${toDelete.filename}? This cannot be undone.` : ''}
      </ConfirmDialog>
    </>
  );
}
