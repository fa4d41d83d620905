import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BREAKPOINTS, type TCurrentUser, type TSiteFull } from '@riskatlas/domain';
import { SiteDetailsPanel } from '../../sites';

/**
 * Edit site from Detail: the library's edit form (name required, notes, tags), which saves as the
 * user types through POST sites/edit and says "Updates have been saved." or the server's words
 * with "The change has not been saved.". Read-only users see the fields locked.
 */
export function EditSiteDialog({ full, user, onClose }: { full: TSiteFull; user: TCurrentUser; onClose: () => void }) {
  const fullScreen = useMediaQuery(`(max-width:${BREAKPOINTS.mobile - 0.02}px)`);
  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-site-title" maxWidth="sm" fullWidth fullScreen={fullScreen} scroll="paper">
      <DialogTitle id="edit-site-title">{full.permissions.canEdit ? 'Edit site' : 'Site'}</DialogTitle>
      <DialogContent>
        <SiteDetailsPanel
          site={full.site}
          full={full}
          canEdit={full.permissions.canEdit}
          readOnlyUser={user.readOnlyMode}
          externalIdLabel={full.externalIDName || user.account.externalIDName || 'External ID'}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
