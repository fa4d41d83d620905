import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** How many sites are selected, how many of them the search hides, and a way to clear the selection. */
export const SelectionSummary = memo(function SelectionSummary({ count, hiddenCount, onClear }: { count: number; hiddenCount: number; onClear: () => void }) {
  if (count === 0) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status" data-testid="selection-summary">
      <Typography variant="body2">
        {count === 1 ? '1 site selected' : `${count.toLocaleString()} sites selected`}
        {hiddenCount > 0 ? ` (${hiddenCount.toLocaleString()} not shown by the search)` : ''}
      </Typography>
      <Button size="small" onClick={onClear}>
        Clear selection
      </Button>
    </Box>
  );
});
