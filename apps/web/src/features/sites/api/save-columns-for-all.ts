import { useMutation } from '@tanstack/react-query';
import { ZPrefSetForAllResponse, type TPrefSetForAllResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';
import type { ColumnSetting } from '../grid/column-layout';

/** POST users/prefs/setforall?type=libraryColumns: the column layout for every user of the account (admins, impersonators, staff). */
function saveColumnsForAll(settings: ColumnSetting[]): Promise<TPrefSetForAllResponse> {
  return apiFetch('users/prefs/setforall', { method: 'POST', query: { type: 'libraryColumns' }, body: settings, schema: ZPrefSetForAllResponse });
}

export function useSaveColumnsForAll() {
  return useMutation({ mutationFn: saveColumnsForAll });
}
