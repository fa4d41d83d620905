import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TSite } from '@riskatlas/domain';

/** How many sites the list beside an undrawn map names. */
const LISTED_SITES = 25;

/**
 * The sites as a list where the browser cannot draw the map: the first 25 by name, each a button
 * doing what a click on its dot does (`pressed` marks picked ones).
 */
export function SiteList({ sites, onSite, pressed }: { sites: readonly TSite[]; onSite: (site: TSite) => void; pressed?: ReadonlySet<number> }) {
  const listed = [...sites].sort((a, b) => a.siteName.localeCompare(b.siteName)).slice(0, LISTED_SITES);
  if (listed.length === 0) return <Typography variant="body2">No sites to show.</Typography>;
  return (
    <Box component="ul" aria-label="Sites on the map" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
      {listed.map((site) => (
        <li key={site.siteId}>
          <Button size="small" onClick={() => onSite(site)} aria-pressed={pressed ? pressed.has(site.siteId) : undefined}>
            {site.siteName}
          </Button>
        </li>
      ))}
      {sites.length > LISTED_SITES && <Typography variant="caption">and {(sites.length - LISTED_SITES).toLocaleString()} more: search for them by name.</Typography>}
    </Box>
  );
}
