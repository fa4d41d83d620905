import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import type { TSite } from '@riskatlas/domain';
import { renderCell, type CellActionHandler } from './cells';
import { columnFilterOf } from './column-filter';
import { clampWidth, type ColumnLayoutEntry } from './column-layout';
import { GRID_CLASS, GridStyles } from './grid-styles';
import type { ColumnContext } from './columns';
import { ROW_HEIGHT, visibleRange } from '../../../components/virtual-rows';
import { KEYBOARD_RESIZE_STEP, SELECT_COLUMN_WIDTH, isNewItem } from './grid-constants';
import type { SortState } from './sort';

/** What the grid needs from the page. */
export interface SiteGridProps {
  rows: readonly TSite[];
  /** The shown columns, in order. */
  columns: readonly ColumnLayoutEntry[];
  context: ColumnContext;
  sort: SortState;
  onSort: (columnId: string) => void;
  selected: ReadonlySet<number>;
  /** A row's checkbox: `range` when shift was held (select everything from the last clicked row). */
  onToggleRow: (siteId: number, range: boolean) => void;
  onToggleAll: () => void;
  onAction: CellActionHandler;
  /** Whether columns can be resized (false when the account locks the library's columns). */
  resizable: boolean;
  /** A resize finished: save the width. */
  onResize: (columnId: string, width: number) => void;
  /** Height of the scrolling area in px. */
  height: number;
  /** The time "new" is measured from (created within 18 hours). */
  now: number;
  /** Column filters typed so far, by column id; undefined hides the filter row. */
  filters?: Readonly<Record<string, string>> | undefined;
  onFilter?: (columnId: string, text: string) => void;
  /** Shown at the top of the grid, under its header, when there are no rows (why, e.g. no site matches the search). */
  empty?: ReactNode;
  /** The row under the pointer (null when it leaves the rows), so the map can highlight that site's dot. */
  onHoverSite?: (siteId: number | null) => void;
}

const NO_CHANGE = () => undefined;

const cellBase = { px: 1, display: 'flex', alignItems: 'center', flex: '0 0 auto', minWidth: 0, overflow: 'hidden', boxSizing: 'border-box' } as const;

interface RowProps {
  site: TSite;
  index: number;
  /** aria-rowindex: header rows come first. */
  ariaRowIndex: number;
  columns: readonly ColumnLayoutEntry[];
  context: ColumnContext;
  selected: boolean;
  isNew: boolean;
  width: number;
  onToggleRow: (siteId: number, range: boolean) => void;
  onAction: CellActionHandler;
}

/** One row; memoised so a scroll step redraws only the rows that came into view. Plain elements styled by class (grid-styles.ts). */
const GridRow = memo(function GridRow({ site, index, ariaRowIndex, columns, context, selected, isNew, width, onToggleRow, onAction }: RowProps) {
  return (
    <div
      role="row"
      className={GRID_CLASS.row}
      aria-rowindex={ariaRowIndex}
      aria-selected={selected}
      data-testid="site-row"
      data-site-id={site.siteId}
      data-new={isNew ? 'true' : undefined}
      data-odd={index % 2 === 1 ? '' : undefined}
      style={{ transform: `translateY(${index * ROW_HEIGHT}px)`, width }}
    >
      <div role="gridcell" className={GRID_CLASS.cell} style={{ width: SELECT_COLUMN_WIDTH, justifyContent: 'center' }}>
        <input
          type="checkbox"
          className={GRID_CLASS.check}
          checked={selected}
          // The click carries the shift key (range selection); change would fire without it.
          onChange={NO_CHANGE}
          onClick={(event: MouseEvent) => {
            event.stopPropagation();
            onToggleRow(site.siteId, event.shiftKey);
          }}
          aria-label={`Select ${site.siteName}`}
        />
        {isNew ? <span className={GRID_CLASS.visuallyHidden}>New site</span> : null}
      </div>
      {columns.map(({ column, width: columnWidth }) => (
        <div
          key={column.id}
          role="gridcell"
          className={GRID_CLASS.cell}
          data-column={column.id}
          style={{ width: columnWidth, justifyContent: column.align === 'right' ? 'flex-end' : column.align === 'center' ? 'center' : 'flex-start' }}
        >
          {renderCell(column, site, context, onAction)}
        </div>
      ))}
    </div>
  );
});

function ResizeHandle({ label, width, onLive, onDone }: { label: string; width: number; onLive: (width: number) => void; onDone: (width: number) => void }) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const latest = useRef(width);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    start.current = { x: event.clientX, width };
    latest.current = width;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    latest.current = clampWidth(start.current.width + event.clientX - start.current.x);
    onLive(latest.current);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    start.current = null;
    onDone(latest.current);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    onDone(clampWidth(width + (event.key === 'ArrowRight' ? KEYBOARD_RESIZE_STEP : -KEYBOARD_RESIZE_STEP)));
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${label}`}
      aria-valuenow={width}
      aria-valuemin={40}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={onKeyDown}
      sx={{
        position: 'absolute',
        right: 0,
        top: 8,
        bottom: 8,
        width: 8,
        cursor: 'col-resize',
        touchAction: 'none',
        borderRight: 2,
        borderColor: 'divider',
        '&:hover, &:focus-visible': { borderColor: 'primary.main', outline: 'none' },
      }}
    />
  );
}

/**
 * The Site Library grid: a header with sorting and column resizing, and rows of 48 px of which
 * only those in view (plus a few) are in the DOM, so 100,000 sites scroll like 100. Plain React and
 * CSS: rows are absolutely placed inside a spacer as tall as all rows; the header is sticky.
 */
export const SiteGrid = memo(function SiteGrid(props: SiteGridProps) {
  const { rows, columns, context, sort, onSort, selected, onToggleRow, onToggleAll, onAction, resizable, onResize, height, now, filters, onFilter, empty, onHoverSite } = props;
  // One listener for all rows (rows are memoised and recycled while scrolling): the row's site id is on the element.
  const hoveredRow = useRef<number | null>(null);
  const hover = (siteId: number | null) => {
    if (hoveredRow.current === siteId) return;
    hoveredRow.current = siteId;
    onHoverSite?.(siteId);
  };
  const onPointerOver = (event: { target: EventTarget }) => {
    const row = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-site-id]') : null;
    hover(row ? Number(row.dataset.siteId) : null);
  };
  const headerHeight = filters ? ROW_HEIGHT * 2 : ROW_HEIGHT;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(height);
  // A width being dragged, drawn before it is saved.
  const [liveWidth, setLiveWidth] = useState<{ id: string; width: number } | null>(null);

  useLayoutEffect(() => {
    // jsdom measures nothing (0): fall back to the height the page asked for.
    setViewport(scroller.current?.clientHeight || height);
  }, [height]);

  // A new row set (search, sort, release) starts at the top.
  const [shownRows, setShownRows] = useState(rows);
  if (shownRows !== rows) {
    setShownRows(rows);
    setScrollTop(0);
  }
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [rows]);

  const shown = useMemo(
    () => (liveWidth ? columns.map((entry) => (entry.column.id === liveWidth.id ? { ...entry, width: liveWidth.width } : entry)) : columns),
    [columns, liveWidth],
  );
  const totalWidth = SELECT_COLUMN_WIDTH + shown.reduce((sum, entry) => sum + entry.width, 0);
  const [first, end] = visibleRange(scrollTop, Math.max(viewport - headerHeight, 0), rows.length);
  const [allSelected, someSelected] = useMemo(() => {
    let count = 0;
    for (const site of rows) if (selected.has(site.siteId)) count += 1;
    return [rows.length > 0 && count === rows.length, count > 0 && count < rows.length];
  }, [rows, selected]);
  const finishResize = useCallback(
    (id: string, width: number) => {
      setLiveWidth(null);
      onResize(id, width);
    },
    [onResize],
  );

  const drawn: TSite[] = rows.slice(first, end);
  return (
    // The frame holds the grid and, over its empty body, the empty message: beside the grid rather
    // than in it, since a grid's content is rows.
    <Box sx={{ position: 'relative' }} data-testid="site-grid-frame">
      <Box
        ref={scroller}
        role="grid"
        aria-label="Sites"
        aria-rowcount={rows.length + (filters ? 2 : 1)}
        aria-colcount={shown.length + 1}
        aria-multiselectable
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        onPointerOver={onHoverSite ? onPointerOver : undefined}
        onPointerLeave={onHoverSite ? () => hover(null) : undefined}
        data-testid="site-grid"
        className={GRID_CLASS.grid}
        style={{ height }}
        sx={{ overflow: 'auto', position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
      >
        <GridStyles />
        <Box role="rowgroup" sx={{ position: 'sticky', top: 0, zIndex: 2, width: totalWidth, minWidth: '100%', bgcolor: 'background.paper' }}>
          <Box role="row" aria-rowindex={1} sx={{ display: 'flex', height: ROW_HEIGHT, borderBottom: 2, borderColor: 'divider' }}>
            <Box role="columnheader" sx={{ ...cellBase, width: SELECT_COLUMN_WIDTH, justifyContent: 'center' }}>
              <input
                type="checkbox"
                className={GRID_CLASS.check}
                // Native like the rows' boxes; "some selected" is a DOM property, not an attribute.
                ref={(box) => {
                  if (box) box.indeterminate = someSelected;
                }}
                checked={allSelected}
                disabled={rows.length === 0}
                onChange={onToggleAll}
                aria-label="Select all sites"
              />
            </Box>
            {shown.map(({ column, width }) => {
              const label = column.label(context);
              const sorted = sort.columnId === column.id ? sort.direction : null;
              const sortable = Boolean(column.sortKey);
              return (
                <Box
                  key={column.id}
                  role="columnheader"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  data-column={column.id}
                  sx={{ ...cellBase, width, position: 'relative', fontWeight: 600, fontSize: '0.875rem', pr: resizable ? 1.5 : 1 }}
                >
                  {sortable ? (
                    <Box
                      component="button"
                      type="button"
                      onClick={() => onSort(column.id)}
                      title={`Sort by ${label}`}
                      sx={{
                        all: 'unset',
                        cursor: 'pointer',
                        display: 'flex',
                        alignItems: 'center',
                        gap: 0.5,
                        minWidth: 0,
                        overflow: 'hidden',
                        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                      }}
                    >
                      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {label}
                      </Box>
                      {sorted === 'asc' ? <ArrowUpwardIcon sx={{ fontSize: 16 }} aria-hidden /> : sorted === 'desc' ? <ArrowDownwardIcon sx={{ fontSize: 16 }} aria-hidden /> : null}
                    </Box>
                  ) : (
                    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                      {label}
                    </Box>
                  )}
                  {resizable ? (
                    <ResizeHandle
                      label={label}
                      width={width}
                      onLive={(next) => setLiveWidth({ id: column.id, width: next })}
                      onDone={(next) => finishResize(column.id, next)}
                    />
                  ) : null}
                </Box>
              );
            })}
          </Box>
          {filters ? (
            <Box role="row" aria-rowindex={2} aria-label="Column filters" sx={{ display: 'flex', height: ROW_HEIGHT, borderBottom: 2, borderColor: 'divider' }}>
              <Box role="columnheader" sx={{ ...cellBase, width: SELECT_COLUMN_WIDTH }} />
              {shown.map(({ column, width }) => {
                const filterable = columnFilterOf(column) !== null;
                const label = column.label(context);
                return (
                  <Box key={column.id} role="columnheader" sx={{ ...cellBase, width }}>
                    {filterable ? (
                      <Box
                        component="input"
                        type="search"
                        value={filters[column.id] ?? ''}
                        onChange={(event: ChangeEvent<HTMLInputElement>) => onFilter?.(column.id, event.target.value)}
                        aria-label={`Filter ${label}`}
                        placeholder="Filter"
                        title='Text, "quoted", a;b for either, null for empty, 10-20 for a range'
                        sx={{
                          width: '100%',
                          minWidth: 0,
                          font: 'inherit',
                          fontSize: '0.8125rem',
                          px: 0.75,
                          py: 0.5,
                          border: 1,
                          borderColor: 'divider',
                          borderRadius: 1,
                          bgcolor: 'background.default',
                          color: 'text.primary',
                          '&:focus': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: -1 },
                        }}
                      />
                    ) : null}
                  </Box>
                );
              })}
            </Box>
          ) : null}
        </Box>
        {/* Size inline: a style rule per list length would pile up in the style sheet. */}
        <div role="rowgroup" style={{ position: 'relative', height: rows.length * ROW_HEIGHT, width: totalWidth, minWidth: '100%' }}>
          {drawn.map((site, offset) => (
            <GridRow
              key={site.siteId}
              site={site}
              index={first + offset}
              ariaRowIndex={first + offset + (filters ? 3 : 2)}
              columns={shown}
              context={context}
              selected={selected.has(site.siteId)}
              isNew={isNewItem(site.created, now)}
              width={Math.max(totalWidth, 0)}
              onToggleRow={onToggleRow}
              onAction={onAction}
            />
          ))}
        </div>
      </Box>
      {rows.length === 0 && empty ? <Box sx={{ position: 'absolute', top: headerHeight + 12, left: 12, right: 12 }}>{empty}</Box> : null}
    </Box>
  );
});
