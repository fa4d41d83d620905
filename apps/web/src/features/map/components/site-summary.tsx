import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { methodologyOf, parseCountryCode, readScore, siteScoreOf, type TSite } from '@riskatlas/domain';
import { pageLinkProps } from '../../../components/page-link';
import { PageId } from '../../../lib/page-ids';
import { MapPanel } from './map-panel';

/** The Detail page: not a page of this app yet, so named here rather than in PageId. */
const DETAIL_PAGE = 'Detail';

/** A site's address in one line. */
export function siteAddress(site: TSite): string {
  return [site.street, site.street2, site.city, [site.state, site.zipCode].filter(Boolean).join(' '), site.countryDisplay].filter(Boolean).join(', ');
}

/** The score line of the selected site under the chosen methodology. */
function scoreLine(site: TSite, methodology: number): string {
  const name = methodologyOf(methodology)?.name ?? `Methodology ${methodology}`;
  const score = siteScoreOf(site.s, methodology);
  const countryId = parseCountryCode(site.countryCode);
  if (score === null || countryId === undefined) return site.l ? `No ${name} score in this report.` : 'No report for this release.';
  return `${name}: ${readScore(score, countryId).text}`;
}

/** The selected site beside the map: name, address, score reading and the way to its report. */
export function SiteSummary({
  site,
  methodology,
  onClose,
  incidents,
}: {
  site: TSite;
  methodology: number;
  onClose: () => void;
  /** The incident drawer's toggle for this site; absent where the account has no incidents. */
  incidents?: { open: boolean; onToggle: () => void };
}) {
  return (
    <MapPanel label="Selected site">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {site.siteName}
      </Typography>
      <IconButton size="small" aria-label="Clear the selection" onClick={onClose} sx={{ position: 'absolute', top: 4, right: 4 }}>
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography variant="body2" color="text.secondary">
        {siteAddress(site)}
      </Typography>
      <Typography variant="body2" sx={{ my: 1 }}>
        {scoreLine(site, methodology)}
      </Typography>
      <Button variant="contained" size="small" component="a" {...pageLinkProps(DETAIL_PAGE, { siteId: site.siteId })}>
        Open report
      </Button>
      <Button size="small" sx={{ ml: 1 }} component="a" {...pageLinkProps(PageId.Sites, { siteId: site.siteId })}>
        Edit site
      </Button>
      {incidents && (
        <Button size="small" sx={{ ml: 1 }} aria-pressed={incidents.open} onClick={incidents.onToggle}>
          {incidents.open ? 'Hide incidents' : 'Incidents'}
        </Button>
      )}
    </MapPanel>
  );
}
