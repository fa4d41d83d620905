import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TSiteFull } from '@riskatlas/domain';
import { COMMUNITY_TYPE_NAMES, formatAddress } from '../../sites';
import { Fact } from '../../../components/fact';

/** What the site is: address, coordinates, county, community type and tags. */
export function SiteFacts({ full }: { full: TSiteFull }) {
  const { site } = full;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, auto)' }, justifyContent: 'start', columnGap: 4, rowGap: 1, m: 0 }}>
        <Fact label="Address">{[formatAddress(site), site.countryDisplay || site.countryCode].filter(Boolean).join(', ')}</Fact>
        <Fact label="Coordinates">{`${site.latitude.toFixed(7)}, ${site.longitude.toFixed(7)}`}</Fact>
        <Fact label="County">{full.county}</Fact>
        <Fact label="Community type">{COMMUNITY_TYPE_NAMES[site.ct]}</Fact>
        <Fact label="Site ID">{String(site.siteId)}</Fact>
      </Box>
      {site.tags.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label="Tags" role="list">
          {site.tags.map((tag) => (
            <Chip key={tag} label={tag} size="small" role="listitem" />
          ))}
        </Box>
      ) : null}
      {site.notes ? (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
          {site.notes}
        </Typography>
      ) : null}
    </Box>
  );
}
