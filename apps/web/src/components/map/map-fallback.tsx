import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The sentence shown instead of a map the browser cannot draw (never a blank box). */
const MAP_UNAVAILABLE = 'The map cannot be shown in this browser.';

/** Stands in for the map: the reason, then what the map would have shown (coordinates, choices). */
export function MapFallback({ label, height, children }: { label: string; height: number | string; children?: ReactNode }) {
  return (
    <Box role="region" aria-label={label} data-testid="map-fallback" sx={{ minHeight: height, p: 2, bgcolor: 'action.hover', display: 'flex', flexDirection: 'column', gap: 1, overflowY: 'auto' }}>
      <Typography variant="body2">{MAP_UNAVAILABLE}</Typography>
      {children}
    </Box>
  );
}

/** Holds the map's place while its code loads. */
export function MapLoading({ label, height }: { label: string; height: number | string }) {
  return <Box role="region" aria-label={label} aria-busy="true" sx={{ height, bgcolor: 'action.hover' }} />;
}
