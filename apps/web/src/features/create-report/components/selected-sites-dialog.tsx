import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { TSite } from '@riskatlas/domain';

/** Shows at most this many names: a long selection is counted, not listed in full. */
const SHOWN = 200;

/** The sites a batch was opened with. */
export function SelectedSitesDialog({ open, sites, onClose }: { open: boolean; sites: readonly TSite[]; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="selected-sites-title" maxWidth="xs" fullWidth>
      <DialogTitle id="selected-sites-title">{`Selected sites (${sites.length.toLocaleString()})`}</DialogTitle>
      <DialogContent dividers>
        <List dense>
          {sites.slice(0, SHOWN).map((site) => (
            <ListItem key={site.siteId} disableGutters>
              <ListItemText primary={site.siteName} secondary={[site.city, site.state].filter(Boolean).join(', ')} />
            </ListItem>
          ))}
        </List>
        {sites.length > SHOWN ? `…and ${(sites.length - SHOWN).toLocaleString()} more.` : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
