import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { TSiteNearby } from '../types';

/**
 * A site of the account is already at the location entered: open that site (its reports), select
 * it instead of creating a new one, or create a new site at the same place anyway.
 */
export function DuplicateSiteDialog(props: {
  nearby: readonly TSiteNearby[];
  busy: boolean;
  /** Offered in the wizard: report on the existing site instead. */
  onSelect?: (site: TSiteNearby) => void;
  onOpen: (site: TSiteNearby) => void;
  onCreateAnyway: () => void;
  onClose: () => void;
}) {
  const { nearby } = props;
  return (
    <Dialog open={nearby.length > 0} onClose={props.busy ? undefined : props.onClose} aria-labelledby="duplicate-site-title" maxWidth="sm" fullWidth>
      <DialogTitle id="duplicate-site-title">{nearby.length === 1 ? 'A site is already at this location' : 'Sites are already at this location'}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {nearby.length === 1 ? 'Your site library already has a site here.' : `Your site library already has ${nearby.length} sites here.`} Use the existing site, or create a
          new site at the same place anyway.
        </DialogContentText>
        <List aria-label="Sites at this location">
          {nearby.map((site) => (
            <ListItem key={site.siteId} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={site.siteName}
                secondary={`${[site.street, site.city, site.state].filter(Boolean).join(', ')}${site.l ? ` · has a ${site.l.r} report` : ' · no report yet'}`}
              />
              <Stack direction="row" spacing={1}>
                <Button size="small" onClick={() => props.onOpen(site)} disabled={props.busy}>
                  {site.l ? 'Open its report' : 'Open site'}
                </Button>
                {props.onSelect ? (
                  <Button size="small" variant="outlined" onClick={() => props.onSelect?.(site)} disabled={props.busy}>
                    Select this site
                  </Button>
                ) : null}
              </Stack>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={props.onCreateAnyway} disabled={props.busy}>
          Create a new site anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
