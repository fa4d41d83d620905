import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One labelled fact of a description list (<dl>): the label small above, the value or a dash below. */
export function Fact({ label, children }: { label: string; children: string | null | undefined }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}
