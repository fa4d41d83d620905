import type { TCurrentUser } from '@riskatlas/domain';
import { SITE_COLUMNS, columnById, type SiteColumn } from './columns';

/** Narrowest a column may be dragged: 40 px. */
const MIN_COLUMN_WIDTH = 40;
/** Widest a column may be (the libraryColumns preference refuses more). */
const MAX_COLUMN_WIDTH = 2000;

/** One saved column (the libraryColumns preference: order is the array order). */
export interface ColumnSetting {
  id: string;
  width?: number | undefined;
  hidden?: boolean | undefined;
}

/** A column as the grid shows it: its definition, width and whether it is shown. */
export interface ColumnLayoutEntry {
  column: SiteColumn;
  width: number;
  visible: boolean;
}

/** A width within the allowed bounds, whole pixels. */
export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return MIN_COLUMN_WIDTH;
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
}

/** The default layout: every column in definition order, the default ones shown. */
export function defaultColumnLayout(): ColumnLayoutEntry[] {
  return SITE_COLUMNS.map((column) => ({ column, width: column.width, visible: column.visibleByDefault }));
}

/**
 * The layout of a saved setting: saved columns in their saved order with their widths; ids this
 * build no longer has are dropped; columns added since the setting was saved follow, in their
 * default state (so a new column never silently disappears, nor does a user's choice get lost).
 */
export function resolveColumnLayout(saved: readonly ColumnSetting[] | null | undefined): ColumnLayoutEntry[] {
  if (!saved || saved.length === 0) return defaultColumnLayout();
  const out: ColumnLayoutEntry[] = [];
  const seen = new Set<string>();
  for (const setting of saved) {
    const column = columnById(setting.id);
    if (!column || seen.has(column.id)) continue;
    seen.add(column.id);
    out.push({ column, width: clampWidth(setting.width ?? column.width), visible: !setting.hidden });
  }
  for (const column of SITE_COLUMNS) {
    if (!seen.has(column.id)) out.push({ column, width: column.width, visible: column.visibleByDefault });
  }
  return out;
}

/** A layout as the libraryColumns preference stores it. */
export function layoutToSettings(layout: readonly ColumnLayoutEntry[]): ColumnSetting[] {
  return layout.map((entry) => ({ id: entry.column.id, width: entry.width, hidden: !entry.visible }));
}

/** The layout with one column's width changed (clamped). */
export function withWidth(layout: readonly ColumnLayoutEntry[], id: string, width: number): ColumnLayoutEntry[] {
  return layout.map((entry) => (entry.column.id === id ? { ...entry, width: clampWidth(width) } : entry));
}

/** The layout with the column at `from` moved to `to` (indexes into the whole list). */
export function moveColumn(layout: readonly ColumnLayoutEntry[], from: number, to: number): ColumnLayoutEntry[] {
  if (from === to || from < 0 || to < 0 || from >= layout.length || to >= layout.length) return [...layout];
  const next = [...layout];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/**
 * Whether the user may change the library's columns: always, unless the account locks
 * library view columns; then only administrators, impersonating staff and provider staff.
 */
export function canConfigureColumns(user: Pick<TCurrentUser, 'adminMode' | 'impersonationMode' | 'capMode'> & { account: { lockLibraryViewColumns: boolean } }): boolean {
  if (!user.account.lockLibraryViewColumns) return true;
  return user.adminMode || user.impersonationMode || user.capMode;
}
