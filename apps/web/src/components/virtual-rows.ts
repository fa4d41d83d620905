/**
 * Windowing of the app's long grids (the Site Library, the import queue): rows of one height of
 * which only those in view, and a few around them, are drawn, so 100,000 rows scroll like 100.
 */

/** Every grid row is 48 px high. */
export const ROW_HEIGHT = 48;
/** Rows drawn above and below the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN_ROWS = 6;

/** The rows to draw for a scroll position: [first, end) with overscan, within [0, count). */
export function visibleRange(scrollTop: number, viewportHeight: number, count: number, rowHeight = ROW_HEIGHT): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN_ROWS);
  const end = Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + OVERSCAN_ROWS);
  return [first, Math.max(first, end)];
}
