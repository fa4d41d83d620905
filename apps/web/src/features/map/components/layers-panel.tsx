import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useLayoutMode } from '../../../lib/viewport';

/** The parts of the side panel other features fill: proximity points of interest, crime types and incident filters. */
export interface LayersPanelSlots {
  proximity?: ReactNode;
  incidentFilters?: ReactNode;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ py: 1 }}>
      <Typography variant="overline" component="h3" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The map's side panel: map layers, then the sections other features provide (proximity points of
 * interest, crime types and incident filters) when they have something to show. On a phone it
 * covers the map's width.
 */
export function LayersPanel({ layers, slots, onClose }: { layers: ReactNode; slots: LayersPanelSlots; onClose: () => void }) {
  const layout = useLayoutMode();
  return (
    <Paper
      component="aside"
      aria-label="Map layers"
      elevation={4}
      sx={{ position: 'absolute', zIndex: 3, top: 12, right: 12, bottom: layout.mobile ? 12 : 150, width: layout.mobile ? 'calc(100% - 24px)' : 300, overflowY: 'auto', p: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          Layers
        </Typography>
        <IconButton size="small" aria-label="Close the layers panel" onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Section title="Map layers">{layers}</Section>
      {slots.proximity ? (
        <>
          <Divider />
          <Section title="Points of interest">{slots.proximity}</Section>
        </>
      ) : null}
      {slots.incidentFilters ? (
        <>
          <Divider />
          <Section title="Crime types and incidents">{slots.incidentFilters}</Section>
        </>
      ) : null}
    </Paper>
  );
}
