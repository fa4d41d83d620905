import { useState, type MouseEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlaylistAddCheckOutlinedIcon from '@mui/icons-material/PlaylistAddCheckOutlined';
import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import StorageOutlinedIcon from '@mui/icons-material/StorageOutlined';
import SupervisorAccountOutlinedIcon from '@mui/icons-material/SupervisorAccountOutlined';
import { useQueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '@riskatlas/domain';
import { goToPage } from '../../lib/navigation';
import { PageId } from '../../lib/page-ids';
import { signOut } from '../../lib/session-actions';

const NOT_AVAILABLE = 'Not available in this installation';

/**
 * The staff links to the data and admin sites are shown but do nothing here. They stay focusable
 * (aria-disabled rather than disabled) so keyboard users reach the tooltip that says why.
 */
const unavailableSx = { opacity: 0.6, cursor: 'not-allowed' } as const;

function initials(user: TCurrentUser): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
  return letters || user.email.charAt(0).toUpperCase();
}

/**
 * The user widget: View Custom File Downloads, View Report Batches (the spec names no menu for the
 * Batches page; it sits beside the other list of finished jobs) and Logout; staff also see
 * the data site and admin site links (not part of this installation) and Act as customer.
 * Manage Account and Purchase Credits join when their pages exist.
 */
export function UserMenu({ user, compact, onActAsCustomer }: { user: TCurrentUser; compact: boolean; onActAsCustomer: () => void }) {
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const name = user.fullName.trim() || user.email;

  return (
    <>
      <Button
        color="inherit"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-label={`User menu: ${name}`}
        data-testid="user-menu-button"
        sx={{ textTransform: 'none', gap: 1, minWidth: 0, px: 1 }}
      >
        <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main', color: 'secondary.contrastText' }} aria-hidden>
          {initials(user)}
        </Avatar>
        {compact ? null : (
          <Box component="span" sx={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </Box>
        )}
        <ExpandMoreIcon fontSize="small" aria-hidden />
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': 'User menu', disabledItemsFocusable: true } }}
      >
        <Box component="li" role="none" sx={{ px: 2, pt: 1, pb: 1.5, maxWidth: 320 }}>
          <Typography variant="subtitle2" noWrap>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.account.company}
          </Typography>
        </Box>
        <Divider component="li" role="separator" />
        <MenuItem
          onClick={() => {
            close();
            goToPage(PageId.FileDownloads);
          }}
        >
          <ListItemIcon>
            <FolderOpenOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>View Custom File Downloads</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            goToPage(PageId.Batches);
          }}
        >
          <ListItemIcon>
            <PlaylistAddCheckOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>View Report Batches</ListItemText>
        </MenuItem>
        {user.capMode
          ? [
              <Tooltip key="data" title={NOT_AVAILABLE} placement="left" describeChild>
                <MenuItem aria-disabled="true" onClick={(event) => event.preventDefault()} sx={unavailableSx}>
                  <ListItemIcon>
                    <StorageOutlinedIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary="Data Site" />
                </MenuItem>
              </Tooltip>,
              <Tooltip key="admin" title={NOT_AVAILABLE} placement="left" describeChild>
                <MenuItem aria-disabled="true" onClick={(event) => event.preventDefault()} sx={unavailableSx}>
                  <ListItemIcon>
                    <AdminPanelSettingsOutlinedIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary="Admin Site" />
                </MenuItem>
              </Tooltip>,
              user.impersonationMode ? null : (
                <MenuItem
                  key="act-as"
                  onClick={() => {
                    close();
                    onActAsCustomer();
                  }}
                >
                  <ListItemIcon>
                    <SupervisorAccountOutlinedIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>Act as customer…</ListItemText>
                </MenuItem>
              ),
            ]
          : null}
        <Divider component="li" role="separator" />
        <MenuItem
          onClick={() => {
            close();
            // Single sign-on users get the same sign-out until SSO sign-in exists.
            void signOut(queryClient, 'userRequest');
          }}
          data-testid="logout"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
