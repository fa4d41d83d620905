/** Constants of the Site Library grid (its row height and windowing are the app's: components/virtual-rows.ts). */

/** Rows created within the last 18 hours are highlighted as new. */
const NEW_ITEM_HIGHLIGHT_MS = 18 * 60 * 60 * 1000;
/** Width of the selection column. */
export const SELECT_COLUMN_WIDTH = 52;
/** Resize steps of the keyboard (arrow keys on a column's resize handle). */
export const KEYBOARD_RESIZE_STEP = 10;

/** True when a site created at `created` is still new at `now`: new items are highlighted for 18 hours. */
export function isNewItem(created: string, now: number): boolean {
  const time = Date.parse(created);
  return !Number.isNaN(time) && time <= now + 60_000 && now - time < NEW_ITEM_HIGHLIGHT_MS;
}
