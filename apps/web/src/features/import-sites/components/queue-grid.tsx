import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { ImportQueueFilter, importQueueFilterOf, importRowActionOf, type TQueuedImportSite } from '@riskatlas/domain';

/** Rows a page of the grid shows. */
const QUEUE_PAGE_SIZE = 100;

/** The status icon of a row: its filter entry as a picture with its name for screen readers. */
function StatusIcon({ row }: { row: TQueuedImportSite }) {
  const entry = importQueueFilterOf(row);
  if (entry === ImportQueueFilter.IssueFound) return <ErrorOutlineIcon color="error" titleAccess="Issue found" />;
  if (entry === ImportQueueFilter.Validating) return <HourglassEmptyIcon color="disabled" titleAccess="Validating" />;
  if (entry === ImportQueueFilter.ContainsWarning) return <WarningAmberIcon color="warning" titleAccess="Contains warning" />;
  return <CheckCircleOutlineIcon color="success" titleAccess="Ready" />;
}

/**
 * The queue grid: status icon, site name, status text (opens the status detail),
 * action button, address, country, tags, classifications (with advanced permissions), notes,
 * coordinates, external id (named by the account), site id and geocode source.
 */
export function QueueGrid(props: {
  rows: readonly TQueuedImportSite[];
  page: number;
  onPage: (page: number) => void;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  showClassifications: boolean;
  externalIdName: string;
  compact: boolean;
  onOpen: (row: TQueuedImportSite) => void;
  /** The row's action button: resolve it on the Map page. */
  onAction: (row: TQueuedImportSite) => void;
}) {
  const { rows, page, selected } = props;
  const shown = rows.slice(page * QUEUE_PAGE_SIZE, (page + 1) * QUEUE_PAGE_SIZE);
  const allShown = shown.length > 0 && shown.every((row) => selected.has(row.queuedSiteId));
  const columns = [
    'Street',
    'Street 2',
    'City',
    'State',
    'Zip/Post Code',
    'Country',
    'Tags',
    ...(props.showClassifications ? ['Classifications'] : []),
    'Notes',
    'Latitude',
    'Longitude',
    props.externalIdName || 'External ID',
    'SiteID',
    'Geocode Source',
  ];
  const values = (row: TQueuedImportSite) => [
    row.street,
    row.street2,
    row.city,
    row.state,
    row.zipCode,
    row.countryCode,
    row.tags,
    ...(props.showClassifications ? [row.classifications] : []),
    row.notes,
    row.latitude ?? '',
    row.longitude ?? '',
    row.externalId,
    row.siteId ?? '',
    row.geocodeSource,
  ];
  return (
    <Paper variant="outlined">
      <TableContainer sx={{ maxHeight: '65vh' }}>
        <Table stickyHeader size="small" aria-label="Import queue">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allShown}
                  indeterminate={!allShown && shown.some((row) => selected.has(row.queuedSiteId))}
                  onChange={(event) => props.onSelect(shown.map((row) => row.queuedSiteId), event.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Select the rows of this page' } }}
                />
              </TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Site Name</TableCell>
              <TableCell sx={{ minWidth: 220 }}>Status Text</TableCell>
              <TableCell>Action</TableCell>
              {props.compact ? null : columns.map((name) => <TableCell key={name}>{name}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => {
              const action = importRowActionOf(row);
              return (
                <TableRow key={row.queuedSiteId} hover data-testid="queue-row" selected={selected.has(row.queuedSiteId)}>
                  <TableCell padding="checkbox">
                    <Checkbox checked={selected.has(row.queuedSiteId)} onChange={(event) => props.onSelect([row.queuedSiteId], event.target.checked)} slotProps={{ input: { 'aria-label': `Select row ${row.rowNumber}` } }} />
                  </TableCell>
                  <TableCell>
                    <StatusIcon row={row} />
                  </TableCell>
                  <TableCell sx={{ fontWeight: 600, minWidth: 140 }}>{row.siteName || '(no name)'}</TableCell>
                  <TableCell>
                    <Tooltip describeChild title="Why this row has its status, and how to fix it">
                      <Link component="button" variant="body2" onClick={() => props.onOpen(row)} sx={{ textAlign: 'left' }}>
                        {row.statusDescription || 'Validating'}
                      </Link>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    {action ? (
                      <Button size="small" variant="outlined" onClick={() => props.onAction(row)} sx={{ whiteSpace: 'nowrap' }}>
                        {action}
                      </Button>
                    ) : null}
                  </TableCell>
                  {props.compact
                    ? null
                    : values(row).map((value, index) => (
                        <TableCell key={columns[index]} sx={{ whiteSpace: 'nowrap', maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {String(value)}
                        </TableCell>
                      ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box>
        <TablePagination
          component="div"
          count={rows.length}
          page={page}
          rowsPerPage={QUEUE_PAGE_SIZE}
          rowsPerPageOptions={[QUEUE_PAGE_SIZE]}
          onPageChange={(_, next) => props.onPage(next)}
        />
      </Box>
    </Paper>
  );
}
