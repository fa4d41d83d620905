import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PageLink } from '../../components/page-link';
import { APP_VERSION, PRODUCT_NAME } from '../../lib/app-version';
import { PageId } from '../../lib/page-ids';
import { ACCESSIBILITY_URL } from '../nav-items';

/** The page footer: data attribution (which every user must be able to reach) and accessibility. */
export function Footer() {
  return (
    <Box component="footer" sx={{ px: 3, py: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <Typography variant="caption" color="text.secondary">
        {PRODUCT_NAME} {APP_VERSION}
      </Typography>
      <PageLink page={PageId.Help} params={{ helpTopic: 'attribution' }} variant="caption">
        Data sources &amp; attribution
      </PageLink>
      <Link href={ACCESSIBILITY_URL} target="_blank" rel="noopener" variant="caption">
        Accessibility statement (opens in a new window)
      </Link>
    </Box>
  );
}
