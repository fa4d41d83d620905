import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import HighlightAltIcon from '@mui/icons-material/HighlightAlt';
import { initialMapView, isCountryId, pageAfterSiteSelection, sitesInBox, type TSite } from '@riskatlas/domain';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { goToPage, useQueryParam } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { usePageState } from '../../../lib/page-state';
import { handOverSiteSelection, peekSiteSelection, takeSiteSelection } from '../../../lib/site-selection-handoff';
import { useLayoutMode } from '../../../lib/viewport';
import { useAvailableHeight, useSites } from '../../sites';
import { useMapMover } from '../hooks/use-map-mover';
import { BoxSelectLayer } from './box-select-layer';
import { siteAddress } from './site-summary';
import { SiteList } from './site-list';
import { SitesOnMap } from './sites-on-map';

const countOf = (count: number) => (count === 1 ? '1 site' : `${count.toLocaleString()} sites`);

/**
 * Select Multiple Sites: a click on a site's dot picks it or puts it back; the picked sites are
 * listed beside the map. Done returns to the page that opened this one (named by the `from`
 * parameter) with the picks as its selection, or to Sites when that was Sites or Dashboard.
 */
export default function SelectMultipleSitesPage() {
  const pageState = usePageState({ signedIn: true });
  const from = useQueryParam('from');
  const sites = useSites(pageState.release);
  const layout = useLayoutMode();
  // A page may hand over its own selection to start from: read while rendering, taken once shown.
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set(peekSiteSelection(PageId.SelectMultipleSites) ?? []));
  useEffect(() => void takeSiteSelection(PageId.SelectMultipleSites), []);
  const mover = useMapMover(() => {
    const { latitude, longitude, zoom } = initialMapView(isCountryId(pageState.countryId) ? pageState.countryId : 1);
    return { center: { latitude, longitude }, zoom };
  });
  const box = useRef<HTMLDivElement>(null);
  const height = useAvailableHeight(box, { min: 300, bottomGap: layout.compact ? 260 : 24 });
  const all = useMemo(() => sites.data ?? [], [sites.data]);
  const pickedSites = useMemo(() => all.filter((site) => picked.has(site.siteId)), [all, picked]);

  // A click on overlapping dots picks them all, or puts them all back when all were picked.
  const [boxMode, setBoxMode] = useState(false);
  // Sites inside a drawn box are picked (never put back: a box adds to the picks).
  const pickBox = (a: { x: number; y: number }, b: { x: number; y: number }) => {
    const from = mover.unproject(a);
    const to = mover.unproject(b);
    setBoxMode(false);
    if (!from || !to) return;
    const inside = sitesInBox(all, from, to);
    setPicked((current) => new Set([...current, ...inside.map((site) => site.siteId)]));
  };
  const toggle = (sites: readonly TSite[]) =>
    setPicked((current) => {
      const next = new Set(current);
      const pick = sites.some((site) => !current.has(site.siteId));
      for (const site of sites) {
        if (pick) next.add(site.siteId);
        else next.delete(site.siteId);
      }
      return next;
    });
  const finish = (ids: readonly number[] | null) => {
    const next = pageAfterSiteSelection(from);
    if (ids) handOverSiteSelection(next, ids);
    goToPage(next);
  };

  if (sites.isError) return <ErrorWithRetry message={errorMessage(sites.error)} onRetry={() => void sites.refetch()} />;

  return (
    <Box>
      <PageHeader
        title="Select Multiple Sites"
        subtitle="Click sites on the map to pick them, or draw a box around several; click a picked site again to put it back."
        actions={
          <>
            <Button
              variant={boxMode ? 'contained' : 'outlined'}
              startIcon={<HighlightAltIcon />}
              aria-pressed={boxMode}
              disabled={!mover.drawn}
              onClick={() => setBoxMode((on) => !on)}
            >
              Draw a box
            </Button>
            <Button onClick={() => finish(null)}>Cancel</Button>
            <Button variant="contained" onClick={() => finish(pickedSites.map((site) => site.siteId))} disabled={pickedSites.length === 0}>
              Done ({countOf(pickedSites.length)})
            </Button>
          </>
        }
      />
      <Box sx={{ display: 'flex', flexDirection: layout.compact ? 'column' : 'row', gap: 2 }}>
        <Box ref={box} sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
          {boxMode && <BoxSelectLayer onBox={pickBox} />}
          <SitesOnMap
            sites={all}
            methodology={pageState.methodology}
            view={mover.view}
            selectedIds={picked}
            onSites={toggle}
            onHandle={mover.onHandle}
            height={height}
            fallbackDetails={<SiteList sites={all} onSite={(site) => toggle([site])} pressed={picked} />}
          />
        </Box>
        <Paper component="section" aria-label="Picked sites" variant="outlined" sx={{ width: layout.compact ? 'auto' : 320, maxHeight: layout.compact ? 240 : height, overflowY: 'auto', p: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
              Picked: {countOf(pickedSites.length)}
            </Typography>
            <Button size="small" onClick={() => setPicked(new Set())} disabled={pickedSites.length === 0}>
              Clear
            </Button>
          </Box>
          {pickedSites.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No sites picked yet.
            </Typography>
          ) : (
            <List dense aria-label="Picked sites list">
              {pickedSites.map((site) => (
                <ListItem
                  key={site.siteId}
                  disableGutters
                  secondaryAction={
                    <IconButton edge="end" size="small" aria-label={`Remove ${site.siteName}`} onClick={() => toggle([site])}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemText primary={site.siteName} secondary={siteAddress(site)} />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
