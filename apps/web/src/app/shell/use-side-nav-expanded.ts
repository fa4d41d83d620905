import { usePref } from '../../lib/api/get-pref';
import { useSavePref } from '../../lib/api/save-pref';

/** The docked side navigation's expanded state, saved as appSettings.sideNavExpanded (expanded until the user collapses it). */
export function useSideNavExpanded(): [boolean, () => void] {
  const settings = usePref('appSettings');
  const save = useSavePref('appSettings');
  const expanded = settings.data?.sideNavExpanded ?? true;
  return [expanded, () => save.mutate({ sideNavExpanded: !expanded })];
}
