import { useRef, useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';

type Corner = { x: number; y: number };

/**
 * A layer over the map that takes a drag as a box instead of a pan: the box shows while dragging,
 * and its two corners (CSS pixels from the map's corner) are handed on when the pointer is let go.
 */
export function BoxSelectLayer({ onBox }: { onBox: (a: Corner, b: Corner) => void }) {
  const [box, setBox] = useState<{ from: Corner; to: Corner } | null>(null);
  const origin = useRef<DOMRect | null>(null);
  const at = (event: PointerEvent<HTMLDivElement>): Corner => ({ x: event.clientX - origin.current!.left, y: event.clientY - origin.current!.top });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    origin.current = event.currentTarget.getBoundingClientRect();
    const start = at(event);
    setBox({ from: start, to: start });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (box) setBox({ from: box.from, to: at(event) });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!box) return;
    setBox(null);
    onBox(box.from, at(event));
  };

  return (
    <Box
      data-testid="box-select-layer"
      aria-hidden
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      sx={{ position: 'absolute', inset: 0, zIndex: 2, cursor: 'crosshair', touchAction: 'none' }}
    >
      {box && (
        <Box
          sx={{
            position: 'absolute',
            left: Math.min(box.from.x, box.to.x),
            top: Math.min(box.from.y, box.to.y),
            width: Math.abs(box.to.x - box.from.x),
            height: Math.abs(box.to.y - box.from.y),
            border: 2,
            borderColor: 'primary.main',
            bgcolor: 'rgba(25, 118, 210, 0.12)',
          }}
        />
      )}
    </Box>
  );
}
