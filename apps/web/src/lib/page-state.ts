import { readPageState, type PageState } from '@riskatlas/domain';
import { usePref } from './api/get-pref';
import { useLocationSearch } from './navigation';

/**
 * The page state of the current URL with its fallbacks: methodology and countryId fall
 * back to the user's saved appSettings, then to 2 and 1.
 */
export function usePageState(options: { signedIn: boolean }): PageState {
  const search = useLocationSearch();
  const settings = usePref('appSettings', { enabled: options.signedIn });
  return readPageState(search, {
    methodology: settings.data?.methodology,
    countryId: settings.data?.countryId,
  });
}
