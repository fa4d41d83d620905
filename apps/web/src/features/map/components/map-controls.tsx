import type { ReactNode } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import RemoveIcon from '@mui/icons-material/Remove';
import ZoomOutMapIcon from '@mui/icons-material/ZoomOutMap';

function Control({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Tooltip title={label} placement="left">
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled ?? false}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The map's bottom-right control: zoom in and out, go to the user's location, and reset the view
 * to the country. Zooming needs the drawn map; the other two also work without one.
 */
export function MapControls(props: { canZoom: boolean; onZoomIn: () => void; onZoomOut: () => void; onMyLocation: () => void; locating: boolean; onReset: () => void }) {
  return (
    <Paper
      elevation={3}
      role="toolbar"
      aria-label="Map controls"
      aria-orientation="vertical"
      sx={{ position: 'absolute', right: 12, bottom: 36, zIndex: 2, display: 'flex', flexDirection: 'column', p: 0.25 }}
    >
      <Control label="Zoom in" onClick={props.onZoomIn} disabled={!props.canZoom}>
        <AddIcon fontSize="small" />
      </Control>
      <Control label="Zoom out" onClick={props.onZoomOut} disabled={!props.canZoom}>
        <RemoveIcon fontSize="small" />
      </Control>
      <Control label="My location" onClick={props.onMyLocation} disabled={props.locating}>
        {props.locating ? <CircularProgress size={18} aria-label="Finding your location" /> : <MyLocationIcon fontSize="small" />}
      </Control>
      <Control label="Reset view" onClick={props.onReset}>
        <ZoomOutMapIcon fontSize="small" />
      </Control>
    </Paper>
  );
}
