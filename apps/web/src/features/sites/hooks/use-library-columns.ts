import { useCallback, useMemo } from 'react';
import type { TCurrentUser } from '@riskatlas/domain';
import { useNotify } from '../../../components/notifier';
import { errorMessage } from '../../../lib/api-client';
import { usePref } from '../../../lib/api/get-pref';
import { useSavePref } from '../../../lib/api/save-pref';
import { useSaveColumnsForAll } from '../api/save-columns-for-all';
import { canConfigureColumns, layoutToSettings, resolveColumnLayout, withWidth, type ColumnLayoutEntry } from '../grid/column-layout';

/** The library's columns for this user: the saved layout (libraryColumns), and how to change it. */
export interface LibraryColumns {
  /** Every column in order, shown or not. */
  layout: ColumnLayoutEntry[];
  /** The shown columns, in order. */
  visible: ColumnLayoutEntry[];
  /** False when the account locks library view columns and the user may not override it. */
  editable: boolean;
  /** Whether the user may write the layout for every user of the account (admins, impersonators, staff). */
  canSetForAll: boolean;
  /** Saves a new layout for this user. */
  save: (layout: readonly ColumnLayoutEntry[]) => void;
  /** Saves a new layout for every user of the account. */
  saveForAll: (layout: readonly ColumnLayoutEntry[]) => Promise<void>;
  /** Saves one column's new width. */
  resize: (columnId: string, width: number) => void;
  /** True until the saved layout has been read. */
  loading: boolean;
}

/**
 * Column configuration of the Site Library, saved per user as the libraryColumns preference
 * (locked when the account sets lockLibraryViewColumns, unless admin, impersonating or
 * staff). A save shows at once; a failed save says so.
 */
export function useLibraryColumns(user: TCurrentUser): LibraryColumns {
  const pref = usePref('libraryColumns');
  const savePref = useSavePref('libraryColumns');
  const notify = useNotify();
  const editable = canConfigureColumns(user);
  const layout = useMemo(() => resolveColumnLayout(pref.data), [pref.data]);
  const visible = useMemo(() => layout.filter((entry) => entry.visible), [layout]);
  const { mutate } = savePref;

  const save = useCallback(
    (next: readonly ColumnLayoutEntry[]) => {
      if (!editable) return;
      mutate(layoutToSettings(next), { onError: (error) => notify({ message: `The column settings could not be saved. ${errorMessage(error)}`, severity: 'error' }) });
    },
    [editable, mutate, notify],
  );
  const { mutateAsync: writeForAll } = useSaveColumnsForAll();
  const saveForAll = useCallback(
    async (next: readonly ColumnLayoutEntry[]) => {
      await writeForAll(layoutToSettings(next));
      save(next);
    },
    [writeForAll, save],
  );
  const resize = useCallback((columnId: string, width: number) => save(withWidth(layout, columnId, width)), [layout, save]);

  return {
    layout,
    visible,
    editable,
    canSetForAll: user.adminMode || user.impersonationMode || user.capMode,
    save,
    saveForAll,
    resize,
    loading: pref.isPending,
  };
}
