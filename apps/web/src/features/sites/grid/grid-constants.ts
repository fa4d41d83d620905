/** Constants of the Site Library grid. */

/** Every grid row is 48 px high. */
export const ROW_HEIGHT = 48;
/** Rows created within the last 18 hours are highlighted as new. */
const NEW_ITEM_HIGHLIGHT_MS = 18 * 60 * 60 * 1000;
/** Rows drawn above and below the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN_ROWS = 6;
/** Width of the selection column. */
export const SELECT_COLUMN_WIDTH = 52;
/** Resize steps of the keyboard (arrow keys on a column's resize handle). */
export const KEYBOARD_RESIZE_STEP = 10;

/** True when a site created at `created` is still new at `now`: new items are highlighted for 18 hours. */
export function isNewItem(created: string, now: number): boolean {
  const time = Date.parse(created);
  return !Number.isNaN(time) && time <= now + 60_000 && now - time < NEW_ITEM_HIGHLIGHT_MS;
}

/** The rows to draw for a scroll position: [first, end) with overscan, within [0, count). */
export function visibleRange(scrollTop: number, viewportHeight: number, count: number, rowHeight = ROW_HEIGHT): [number, number] {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN_ROWS);
  const end = Math.min(count, Math.ceil((scrollTop + viewportHeight) / rowHeight) + OVERSCAN_ROWS);
  return [first, Math.max(first, end)];
}
