import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** What a page shows when it has nothing to list: a title, why, and what to do next. */
export function EmptyState({ icon, title, children, action }: { icon?: ReactNode; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} role="status">
      {icon ? <Box sx={{ color: 'text.secondary', mb: 1, '& svg': { fontSize: 48 } }} aria-hidden>{icon}</Box> : null}
      {/* A paragraph, not a heading: the page's own heading stays the only one that names it. */}
      <Typography variant="h6" component="p" gutterBottom>
        {title}
      </Typography>
      {children ? (
        <Typography variant="body1" color="text.secondary" component="div" sx={{ maxWidth: 560, mx: 'auto' }}>
          {children}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
    </Paper>
  );
}
