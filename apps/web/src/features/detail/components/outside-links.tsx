import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { crimeStatisticsLink, nationalHazardsLink, type OutsideLink, type TSite } from '@riskatlas/domain';

/** The outside sites that explain the area's risk: national hazards (US reports from 2022) and the official crime statistics. */
export function OutsideLinks({ site, countryId, releaseYear }: { site: TSite; countryId: number; releaseYear: number | undefined }) {
  const links = [releaseYear === undefined ? null : nationalHazardsLink(countryId, releaseYear), crimeStatisticsLink(countryId, site)].filter((link): link is OutsideLink => link !== null);
  if (links.length === 0) return null;
  return (
    <Box component="ul" aria-label="Further reading" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {links.map((link) => (
        <Typography component="li" variant="body2" key={link.href}>
          <Link href={link.href} target="_blank" rel="noopener noreferrer">
            {link.label}
          </Link>{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({link.publisher})
          </Typography>
        </Typography>
      ))}
    </Box>
  );
}
