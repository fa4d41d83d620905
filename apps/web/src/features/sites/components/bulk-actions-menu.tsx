import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { TCurrentUser } from '@riskatlas/domain';
import { bulkActionsFor, type BulkAction, type BulkActionId } from './bulk-actions';

/**
 * The Actions menu of the Site Library: the bulk actions on the selected sites, then the support
 * actions for provider staff. Actions not built yet stay in the menu, marked and inert, with a
 * tooltip saying so; they remain focusable (aria-disabled) so keyboard users can read why.
 */
export function BulkActionsMenu({ user, selectedCount, onAction }: { user: TCurrentUser; selectedCount: number; onAction: (id: BulkActionId) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = bulkActionsFor(user);
  const general = actions.filter((action) => !action.support);
  const support = actions.filter((action) => action.support);

  const item = (action: BulkAction) => {
    if (action.notAvailable) {
      return (
        <Tooltip key={action.id} title={action.notAvailable} placement="left" describeChild>
          <MenuItem aria-disabled="true" data-action={action.id} sx={{ opacity: 0.55, cursor: 'default' }} onClick={(event) => event.preventDefault()}>
            <ListItemText primary={action.label} secondary="Not available yet" />
          </MenuItem>
        </Tooltip>
      );
    }
    return (
      <MenuItem
        key={action.id}
        data-action={action.id}
        onClick={() => {
          setAnchor(null);
          onAction(action.id);
        }}
      >
        <ListItemText primary={action.label} />
      </MenuItem>
    );
  };

  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? 'site-actions-menu' : undefined}
        // The count is in the name, not the label: a label that grows with the selection would
        // move the toolbar around it (the line below the toolbar shows the count).
        aria-label={selectedCount > 0 ? `Actions (${selectedCount.toLocaleString()})` : undefined}
      >
        Actions
      </Button>
      <Menu id="site-actions-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': 'Site actions', dense: true } }}>
        {general.map(item)}
        {support.length > 0 ? [<Divider key="divider" />, <ListSubheader key="support">Support</ListSubheader>, ...support.map(item)] : null}
      </Menu>
    </>
  );
}
