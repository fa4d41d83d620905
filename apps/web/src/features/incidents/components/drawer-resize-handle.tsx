import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import { INCIDENT_DRAWER_WIDTHS, clampDrawerPercent, type IncidentSource } from '@riskatlas/domain';

/** One keyboard step of the handle, in percent of the window. */
const KEY_STEP_PERCENT = 1;

/**
 * The incident drawer's left edge: dragging it (or the arrow keys) resizes the right-anchored
 * drawer within the source's bounds. `onLive` follows the pointer; `onCommit` gets the width once,
 * on release, so the setting is saved once per drag.
 */
export function useDrawerResize(source: IncidentSource, percent: number, onCommit: (percent: number) => void) {
  const [live, setLive] = useState<number | null>(null);
  const dragging = useRef(false);
  const percentAt = (clientX: number) => Math.round(clampDrawerPercent(source, (100 * (window.innerWidth - clientX)) / window.innerWidth) * 100) / 100;

  const handle = {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      dragging.current = true;
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      if (dragging.current) setLive(percentAt(event.clientX));
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      if (!dragging.current) return;
      dragging.current = false;
      event.currentTarget.releasePointerCapture?.(event.pointerId);
      setLive(null);
      onCommit(percentAt(event.clientX));
    },
    onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      onCommit(clampDrawerPercent(source, percent + (event.key === 'ArrowLeft' ? KEY_STEP_PERCENT : -KEY_STEP_PERCENT)));
    },
  };
  return { shown: live ?? percent, handle };
}

/** The drag handle itself: a vertical separator with its value in percent of the window. */
export function DrawerResizeHandle(props: { source: IncidentSource; percent: number; handle: ReturnType<typeof useDrawerResize>['handle'] }) {
  const limits = INCIDENT_DRAWER_WIDTHS[props.source];
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the incidents drawer"
      aria-valuenow={props.percent}
      aria-valuemin={limits.minPercent}
      aria-valuemax={limits.maxPercent}
      tabIndex={0}
      onPointerDown={props.handle.onPointerDown}
      onPointerMove={props.handle.onPointerMove}
      onPointerUp={props.handle.onPointerUp}
      onPointerCancel={props.handle.onPointerUp}
      onKeyDown={props.handle.onKeyDown}
      sx={{
        position: 'absolute',
        left: -6,
        top: 0,
        bottom: 0,
        width: 12,
        cursor: 'col-resize',
        touchAction: 'none',
        zIndex: 1,
        outline: 'none',
        '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
      }}
    />
  );
}
