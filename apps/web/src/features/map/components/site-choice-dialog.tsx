import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { TSite } from '@riskatlas/domain';
import { siteAddress } from './site-summary';

/**
 * A list of sites to pick one from: the sites under a click where dots overlap, or the existing
 * sites at a searched spot ("did you mean one of these?"). `dismissLabel` names what happens
 * without a choice.
 */
export function SiteChoiceDialog(props: {
  open: boolean;
  title: string;
  intro?: string;
  sites: readonly TSite[];
  dismissLabel: string;
  onChoose: (site: TSite) => void;
  onDismiss: () => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.onDismiss} fullWidth maxWidth="xs" aria-labelledby="site-choice-title">
      <DialogTitle id="site-choice-title">{props.title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        {props.intro && (
          <Typography variant="body2" sx={{ px: 3, pt: 1.5 }}>
            {props.intro}
          </Typography>
        )}
        <List aria-label="Sites" dense>
          {props.sites.map((site) => (
            <ListItemButton key={site.siteId} onClick={() => props.onChoose(site)} sx={{ px: 3 }}>
              <ListItemText primary={site.siteName} secondary={siteAddress(site)} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onDismiss}>{props.dismissLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}
