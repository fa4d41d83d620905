import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { ImportQueueFilter, importQueueFilterOf, importRowActionOf, type TQueuedImportSite } from '@riskatlas/domain';
import { ROW_HEIGHT, visibleRange } from '../../../components/virtual-rows';

/** Width of the selection column, px. */
const SELECT_WIDTH = 52;

/** A column of the queue grid: its header, width in px, and the text of a row's cell. */
interface DataColumn {
  label: string;
  width: number;
  value: (row: TQueuedImportSite) => string | number | null;
}

/** The status icon of a row: its filter entry as a picture with its name for screen readers. */
function StatusIcon({ row }: { row: TQueuedImportSite }) {
  const entry = importQueueFilterOf(row);
  if (entry === ImportQueueFilter.IssueFound) return <ErrorOutlineIcon color="error" titleAccess="Issue found" />;
  if (entry === ImportQueueFilter.Validating) return <HourglassEmptyIcon color="disabled" titleAccess="Validating" />;
  if (entry === ImportQueueFilter.ContainsWarning) return <WarningAmberIcon color="warning" titleAccess="Contains warning" />;
  return <CheckCircleOutlineIcon color="success" titleAccess="Ready" />;
}

/** The address and data columns after the action button (classifications only with advanced permissions). */
function dataColumns(showClassifications: boolean, externalIdName: string): DataColumn[] {
  return [
    { label: 'Street', width: 180, value: (row) => row.street },
    { label: 'Street 2', width: 120, value: (row) => row.street2 },
    { label: 'City', width: 130, value: (row) => row.city },
    { label: 'State', width: 80, value: (row) => row.state },
    { label: 'Zip/Post Code', width: 120, value: (row) => row.zipCode },
    { label: 'Country', width: 90, value: (row) => row.countryCode },
    { label: 'Tags', width: 150, value: (row) => row.tags },
    ...(showClassifications ? [{ label: 'Classifications', width: 170, value: (row: TQueuedImportSite) => row.classifications }] : []),
    { label: 'Notes', width: 180, value: (row) => row.notes },
    { label: 'Latitude', width: 100, value: (row) => row.latitude },
    { label: 'Longitude', width: 110, value: (row) => row.longitude },
    { label: externalIdName || 'External ID', width: 130, value: (row) => row.externalId },
    { label: 'SiteID', width: 90, value: (row) => row.siteId },
    { label: 'Geocode Source', width: 130, value: (row) => row.geocodeSource },
  ];
}

/** The columns every layout shows: status icon, site name, status text, action button (narrower on a small screen). */
const leadColumns = (compact: boolean) => ({ status: compact ? 56 : 72, name: compact ? 150 : 200, text: compact ? 200 : 260, action: compact ? 180 : 190 });

/**
 * The queue grid: rows of 48 px of which only those in view (and a few around them) are drawn, over
 * the whole queue (up to 100,000 rows), the rows coming window by window as the user scrolls
 * (`onRange` says which rows are in view; `rowAt` gives those read). Columns: status icon, site
 * name, status text (opens the status detail), action button, then address, country, tags,
 * classifications (with advanced permissions), notes, coordinates, external id (named by the
 * account), site id and geocode source; a small screen shows the first four and the grid scrolls
 * sideways for the rest.
 */
export function QueueGrid(props: {
  total: number;
  rowAt: (index: number) => TQueuedImportSite | undefined;
  /** The rows in view changed: [first, end) with overscan. */
  onRange: (first: number, end: number) => void;
  height: number;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  showClassifications: boolean;
  externalIdName: string;
  compact: boolean;
  onOpen: (row: TQueuedImportSite) => void;
  /** The row's action button: resolve it on the Map page. */
  onAction: (row: TQueuedImportSite) => void;
}) {
  const { total, rowAt, selected, onRange, height } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(height);
  useLayoutEffect(() => {
    // jsdom measures nothing (0): the height asked for stands in.
    setViewport(scroller.current?.clientHeight || height);
  }, [height]);
  const [first, end] = visibleRange(scrollTop, Math.max(viewport - ROW_HEIGHT, 0), total);
  useEffect(() => onRange(first, end), [first, end, onRange]);

  const lead = leadColumns(props.compact);
  const columns = props.compact ? [] : dataColumns(props.showClassifications, props.externalIdName);
  const width = SELECT_WIDTH + lead.status + lead.name + lead.text + lead.action + columns.reduce((sum, column) => sum + column.width, 0);
  const drawn: Array<{ index: number; row: TQueuedImportSite | undefined }> = [];
  for (let index = first; index < end; index += 1) drawn.push({ index, row: rowAt(index) });
  const shownIds = drawn.flatMap(({ row }) => (row ? [row.queuedSiteId] : []));
  const allShown = shownIds.length > 0 && shownIds.every((id) => selected.has(id));

  return (
    <Box
      ref={scroller}
      role="grid"
      aria-label="Import queue"
      aria-rowcount={total + 1}
      aria-multiselectable
      data-testid="queue-grid"
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      style={{ height }}
      sx={{
        overflow: 'auto',
        position: 'relative',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        // One rule set for every row and cell: the few dozen rows drawn are plain elements.
        '& .qg-row': { position: 'absolute', top: 0, left: 0, height: ROW_HEIGHT, display: 'flex', borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' },
        '& .qg-row[data-odd]': { bgcolor: 'action.hover' },
        '& .qg-row[aria-selected="true"]': { bgcolor: 'action.selected' },
        '& .qg-cell': { px: 1, display: 'flex', alignItems: 'center', flex: '0 0 auto', minWidth: 0, overflow: 'hidden', boxSizing: 'border-box' },
        '& .qg-text': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        '& .qg-check': { width: 18, height: 18, m: 0, cursor: 'pointer', accentColor: (theme) => theme.palette.primary.main },
        '& .qg-link': {
          all: 'unset',
          cursor: 'pointer',
          color: 'primary.main',
          fontSize: '0.875rem',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          '&:hover': { textDecoration: 'underline' },
          '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
        },
      }}
    >
      <Box role="rowgroup" sx={{ position: 'sticky', top: 0, zIndex: 2, width, minWidth: '100%', bgcolor: 'background.paper' }}>
        <Box role="row" aria-rowindex={1} sx={{ display: 'flex', height: ROW_HEIGHT, borderBottom: 2, borderColor: 'divider', fontWeight: 600, fontSize: '0.875rem' }}>
          <Box role="columnheader" className="qg-cell" style={{ width: SELECT_WIDTH, justifyContent: 'center' }}>
            <input
              type="checkbox"
              className="qg-check"
              ref={(box) => {
                if (box) box.indeterminate = !allShown && shownIds.some((id) => selected.has(id));
              }}
              checked={allShown}
              disabled={shownIds.length === 0}
              onChange={(event) => props.onSelect(shownIds, event.target.checked)}
              aria-label="Select the rows shown"
            />
          </Box>
          {[
            ['Status', lead.status],
            ['Site Name', lead.name],
            ['Status Text', lead.text],
            ['Action', lead.action],
            ...columns.map((column) => [column.label, column.width] as const),
          ].map(([label, columnWidth]) => (
            <Box key={label} role="columnheader" className="qg-cell" style={{ width: columnWidth }}>
              <span className="qg-text">{label}</span>
            </Box>
          ))}
        </Box>
      </Box>
      {/* As tall as every row, so the scroll bar is the whole queue's; the rows in view sit in it. */}
      <div role="rowgroup" style={{ position: 'relative', height: total * ROW_HEIGHT, width, minWidth: '100%' }}>
        {drawn.map(({ index, row }) => {
          if (!row) {
            return (
              <div key={`loading-${index}`} role="row" aria-rowindex={index + 2} aria-busy className="qg-row" style={{ transform: `translateY(${index * ROW_HEIGHT}px)`, width }}>
                <div role="gridcell" className="qg-cell" style={{ width: SELECT_WIDTH + lead.status + lead.name, color: 'GrayText' }}>
                  Loading row {(index + 1).toLocaleString()}…
                </div>
              </div>
            );
          }
          const action = importRowActionOf(row);
          const isSelected = selected.has(row.queuedSiteId);
          return (
            <div
              key={row.queuedSiteId}
              role="row"
              aria-rowindex={index + 2}
              aria-selected={isSelected}
              data-testid="queue-row"
              data-odd={index % 2 === 1 ? '' : undefined}
              className="qg-row"
              style={{ transform: `translateY(${index * ROW_HEIGHT}px)`, width }}
            >
              <div role="gridcell" className="qg-cell" style={{ width: SELECT_WIDTH, justifyContent: 'center' }}>
                <input type="checkbox" className="qg-check" checked={isSelected} onChange={(event) => props.onSelect([row.queuedSiteId], event.target.checked)} aria-label={`Select row ${row.rowNumber}`} />
              </div>
              <div role="gridcell" className="qg-cell" style={{ width: lead.status }}>
                <StatusIcon row={row} />
              </div>
              <div role="gridcell" className="qg-cell" style={{ width: lead.name, fontWeight: 600 }}>
                <span className="qg-text" title={row.siteName}>
                  {row.siteName || '(no name)'}
                </span>
              </div>
              <div role="gridcell" className="qg-cell" style={{ width: lead.text }}>
                <button type="button" className="qg-link" title={`${row.statusDescription || 'Validating'} (why, and how to fix it)`} onClick={() => props.onOpen(row)}>
                  {row.statusDescription || 'Validating'}
                </button>
              </div>
              <div role="gridcell" className="qg-cell" style={{ width: lead.action }}>
                {action ? (
                  <Button size="small" variant="outlined" onClick={() => props.onAction(row)} sx={{ whiteSpace: 'nowrap' }}>
                    {action}
                  </Button>
                ) : null}
              </div>
              {columns.map((column) => {
                const value = column.value(row);
                return (
                  <div key={column.label} role="gridcell" className="qg-cell" style={{ width: column.width }}>
                    <span className="qg-text">{value === null ? '' : String(value)}</span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
