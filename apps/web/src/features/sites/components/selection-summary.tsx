import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** The line's height: room for the small Clear selection button, with or without a selection. */
const LINE_HEIGHT = 32;

/**
 * The line between the toolbar and the grid: how many sites are selected, how many of them the
 * search hides, and a way to clear the selection; without a selection, how to make one. The line
 * is always there and one line high, so selecting rows never moves the toolbar or the grid.
 */
export const SelectionSummary = memo(function SelectionSummary({ count, hiddenCount, onClear }: { count: number; hiddenCount: number; onClear: () => void }) {
  return (
    <Box role="status" sx={{ height: LINE_HEIGHT, display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, minWidth: 0 }}>
      {count === 0 ? (
        <Typography variant="body2" color="text.secondary" noWrap>
          Select sites to act on several at once.
        </Typography>
      ) : (
        <>
          <Typography variant="body2" noWrap data-testid="selection-summary" sx={{ minWidth: 0 }}>
            {count === 1 ? '1 site selected' : `${count.toLocaleString()} sites selected`}
            {hiddenCount > 0 ? ` (${hiddenCount.toLocaleString()} not shown by the search)` : ''}
          </Typography>
          <Button size="small" onClick={onClear} sx={{ flex: '0 0 auto' }}>
            Clear selection
          </Button>
        </>
      )}
    </Box>
  );
});
