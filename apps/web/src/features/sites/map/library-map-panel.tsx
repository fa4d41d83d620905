import { memo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { NO_SCORE_COLOR, SCORE_SEVERITY_LABELS, methodologyOf, scoreRangeForCountry, type TSite } from '@riskatlas/domain';
import { clampMapPercent } from './map-size';
import { PointsMap } from './points-map';

const SEVERITIES = Object.values(SCORE_SEVERITY_LABELS);

/**
 * The Site Library's optional map panel: the sites the grid lists as dots, a legend
 * of the score bands, a close button, and on its left edge a handle that resizes it (saved as a
 * percentage of the window, kept within 17–43.5 %).
 */
export const LibraryMapPanel = memo(function LibraryMapPanel(props: {
  sites: readonly TSite[];
  selected: ReadonlySet<number>;
  methodology: number;
  width: number;
  height: number;
  windowWidth: number;
  onOpen: (site: TSite) => void;
  /** The site whose grid row is under the pointer: its dot is drawn on top, enlarged. */
  highlightedId?: number | null;
  onResize: (percent: number) => void;
  onClose: () => void;
}) {
  const { width, windowWidth, onResize } = props;
  const [live, setLive] = useState<number | null>(null);
  const drag = useRef<{ x: number; width: number } | null>(null);
  const shown = live ?? width;
  const percentOf = (px: number) => Math.round(clampMapPercent((100 * px) / windowWidth) * 10) / 10;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    // The panel is on the right: dragging its left edge leftwards widens it.
    setLive(Math.round((windowWidth * percentOf(drag.current.width + drag.current.x - event.clientX)) / 100));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    const next = percentOf(drag.current.width + drag.current.x - event.clientX);
    drag.current = null;
    setLive(null);
    onResize(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    onResize(percentOf(width + (event.key === 'ArrowLeft' ? 1 : -1) * windowWidth * 0.01));
  };

  const bands = scoreRangeForCountry(1).colorBreaks;
  const methodology = methodologyOf(props.methodology)?.name ?? `Methodology ${props.methodology}`;
  return (
    <Box sx={{ display: 'flex', flex: '0 0 auto', width: shown + 12 }} data-testid="library-map">
      <Box
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the map"
        aria-valuenow={percentOf(shown)}
        aria-valuemin={17}
        aria-valuemax={43.5}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        sx={{
          width: 12,
          cursor: 'col-resize',
          touchAction: 'none',
          display: 'flex',
          justifyContent: 'center',
          '&::after': { content: '""', width: 4, borderRadius: 2, my: 'auto', height: 48, bgcolor: 'divider' },
          '&:hover::after, &:focus-visible::after': { bgcolor: 'primary.main' },
          outline: 'none',
        }}
      />
      <Box
        component="section"
        aria-label="Map"
        sx={{ width: shown, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: 'background.paper', display: 'flex', flexDirection: 'column' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
            Map
          </Typography>
          <IconButton size="small" aria-label="Hide the map" onClick={props.onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        <PointsMap sites={props.sites} selected={props.selected} methodology={props.methodology} onOpen={props.onOpen} highlightedId={props.highlightedId ?? null} height={Math.max(props.height - 96, 160)} />
        <Box sx={{ px: 1.5, py: 0.75, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, fontSize: '0.75rem' }} aria-label={`${methodology} score bands`}>
          {bands.map((band, i) => (
            <Box key={band.color} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <Box component="span" aria-hidden sx={{ width: 10, height: 10, bgcolor: band.color, borderRadius: '2px' }} />
              {SEVERITIES[i]}
            </Box>
          ))}
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Box component="span" aria-hidden sx={{ width: 10, height: 10, bgcolor: NO_SCORE_COLOR, borderRadius: '2px' }} />
            No score
          </Box>
        </Box>
      </Box>
    </Box>
  );
});
