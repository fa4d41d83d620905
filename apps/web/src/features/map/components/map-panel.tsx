import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import { useLayoutMode } from '../../../lib/viewport';

/**
 * A card over the map's top-left corner below the toolbar (the selected site, the pin); on a phone
 * a sheet across the bottom, so the map stays visible above it.
 */
export function MapPanel({ label, children }: { label: string; children: ReactNode }) {
  const layout = useLayoutMode();
  return (
    <Paper
      component="section"
      aria-label={label}
      elevation={4}
      sx={{
        position: 'absolute',
        zIndex: 2,
        p: 1.5,
        pr: 5,
        maxHeight: '60%',
        overflowY: 'auto',
        ...(layout.mobile ? { left: 8, right: 8, bottom: 8 } : { left: 12, top: 12, width: 340 }),
      }}
    >
      {children}
    </Paper>
  );
}
