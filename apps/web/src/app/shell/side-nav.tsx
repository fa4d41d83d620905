import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import AccessibilityNewIcon from '@mui/icons-material/AccessibilityNew';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import type { MouseEvent, ReactNode } from 'react';
import type { TCurrentUser } from '@riskatlas/domain';
import { goToPage, pageHref } from '../../lib/navigation';
import { navItems, type NavItem } from '../nav-items';

const SIDE_NAV_WIDTH = 248;
const SIDE_NAV_COLLAPSED_WIDTH = 64;

const ICONS: Record<NavItem['key'], ReactNode> = {
  sites: <PlaceOutlinedIcon />,
  map: <MapOutlinedIcon />,
  help: <HelpOutlineIcon />,
  accessibility: <AccessibilityNewIcon />,
};

function NavEntry({ item, currentPage, collapsed, onNavigate }: { item: NavItem; currentPage: string; collapsed: boolean; onNavigate: () => void }) {
  const selected = item.target.kind === 'page' && item.target.page === currentPage;
  const external = item.target.kind === 'external';
  const href = item.target.kind === 'page' ? pageHref(item.target.page) : item.target.href;
  const button = (
    <ListItemButton
      component="a"
      href={href}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      aria-label={collapsed ? `${item.label}${external ? ' (opens in a new window)' : ''}` : undefined}
      {...(external ? { target: '_blank', rel: 'noopener' } : {})}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (item.target.kind === 'external') {
          onNavigate();
          return; // the browser opens the new window
        }
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        goToPage(item.target.page);
        onNavigate();
      }}
      sx={{ minHeight: 48, px: 2.5, justifyContent: collapsed ? 'center' : 'flex-start' }}
      data-testid={`side-nav-${item.key}`}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 2, justifyContent: 'center', color: selected ? 'primary.main' : undefined }}>
        {ICONS[item.key]}
      </ListItemIcon>
      {collapsed ? null : (
        <ListItemText
          primary={
            <>
              {item.label}
              {external ? (
                <>
                  <OpenInNewIcon sx={{ fontSize: 14, ml: 0.75, verticalAlign: 'middle' }} aria-hidden />
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    (opens in a new window)
                  </Box>
                </>
              ) : null}
            </>
          }
        />
      )}
    </ListItemButton>
  );
  return (
    <li>
      {collapsed ? (
        <Tooltip title={item.label} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </li>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The side navigation. Docked above 1281 px, where it toggles between expanded and
 * collapsed (the choice is saved as sideNavExpanded); a slide-over drawer at or below 1281 px,
 * opened from the app bar's menu button.
 */
export function SideNav(props: {
  user: TCurrentUser;
  currentPage: string;
  mode: 'docked' | 'slideOver';
  expanded: boolean;
  onToggleExpanded: () => void;
  slideOverOpen: boolean;
  onCloseSlideOver: () => void;
}) {
  const items = navItems(props.user);
  const collapsed = props.mode === 'docked' && !props.expanded;
  const list = (
    <Box component="nav" aria-label="Main navigation" data-testid="side-nav" data-expanded={collapsed ? 'false' : 'true'}>
      <List sx={{ pt: 1 }}>
        {items.map((item) => (
          <NavEntry
            key={item.key}
            item={item}
            currentPage={props.currentPage}
            collapsed={collapsed}
            onNavigate={props.mode === 'slideOver' ? props.onCloseSlideOver : () => undefined}
          />
        ))}
      </List>
    </Box>
  );

  if (props.mode === 'slideOver') {
    return (
      <Drawer
        variant="temporary"
        open={props.slideOverOpen}
        onClose={props.onCloseSlideOver}
        slotProps={{ paper: { sx: { width: SIDE_NAV_WIDTH } } }}
        ModalProps={{ keepMounted: false }}
      >
        <Toolbar sx={{ justifyContent: 'flex-end' }}>
          <IconButton onClick={props.onCloseSlideOver} aria-label="Close navigation">
            <ChevronLeftIcon />
          </IconButton>
        </Toolbar>
        <Divider />
        {list}
      </Drawer>
    );
  }

  const width = collapsed ? SIDE_NAV_COLLAPSED_WIDTH : SIDE_NAV_WIDTH;
  return (
    <Drawer
      variant="permanent"
      sx={{ width, flexShrink: 0, transition: 'width 150ms' }}
      slotProps={{ paper: { sx: { width, position: 'relative', overflowX: 'hidden', transition: 'width 150ms', height: '100%' } } }}
    >
      {list}
      <Box sx={{ flex: 1 }} />
      <Divider />
      <Box sx={{ display: 'flex', justifyContent: collapsed ? 'center' : 'flex-end', p: 1 }}>
        <Tooltip title={collapsed ? 'Expand navigation' : 'Collapse navigation'} placement="right">
          <IconButton
            onClick={props.onToggleExpanded}
            aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
            aria-expanded={!collapsed}
            data-testid="side-nav-toggle"
          >
            {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
          </IconButton>
        </Tooltip>
      </Box>
    </Drawer>
  );
}
