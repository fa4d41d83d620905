import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import PlaceIcon from '@mui/icons-material/Place';
import { Marker } from 'react-map-gl/maplibre';
import {
  allowedMethodologiesByPriority,
  initialMapView,
  isCountryId,
  mayCreateReports,
  nextSiteMapStyle,
  reportHasHeatMap,
  SiteMapStyle,
  type LatLng,
  type TSite,
} from '@riskatlas/domain';
import { MAP_ZOOM } from '../../../components/map';
import { useNotify } from '../../../components/notifier';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { errorMessage } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/api/current-user';
import { useSavePref } from '../../../lib/api/save-pref';
import { useLayoutMode } from '../../../lib/viewport';
import { currentImportResolution, endImportResolution, resolutionFocus } from '../../../lib/import-resolution';
import { goToPage, updatePageState } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { usePageState } from '../../../lib/page-state';
import { openCreateReport } from '../../create-report';
import { useMapProximity } from '../../report-context';
import { useAvailableHeight, useSites } from '../../sites';
import { sitesNearPoint } from '../api/sites-near-point';
import { useMapMover } from '../hooks/use-map-mover';
import { useLayerState } from '../hooks/use-layer-state';
import { useMyLocation } from '../hooks/use-my-location';
import { LayersPanel, type LayersPanelSlots } from './layers-panel';
import { MapLayersList } from './map-layers-list';
import { MapControls } from './map-controls';
import { useMapIncidents } from './map-incidents';
import { MapSearch } from './map-search';
import { MapToolbar } from './map-toolbar';
import { ImportResolutionPanel } from './import-resolution-panel';
import { resolutionView } from './resolution-view';
import { PinPanel } from './pin-panel';
import { SiteChoiceDialog } from './site-choice-dialog';
import { SiteList } from './site-list';
import { SiteSummary } from './site-summary';
import { SitesOnMap } from './sites-on-map';

const countryView = (countryId: number) => {
  const { latitude, longitude, zoom } = initialMapView(isCountryId(countryId) ? countryId : 1);
  return { center: { latitude, longitude }, zoom };
};

/** Sites at exactly this site's point: what a click on its dot hits where the map is not drawn. */
const atSameSpot = (sites: readonly TSite[], site: TSite) => [site, ...sites.filter((other) => other.siteId !== site.siteId && other.latitude === site.latitude && other.longitude === site.longitude)];

/** Existing sites at a searched spot, offered before the pin is kept. */
interface SpotQuestion {
  point: LatLng;
  sites: readonly TSite[];
}

/**
 * The Map page: the user's sites over the map coloured by score under the chosen methodology,
 * with search (sites, places, coordinates), pins with 'Create report here', selection of a site
 * (a list where dots overlap) with its summary and report link, the site style, the layers panel,
 * quick links, the country, and the bottom-right control. The selected site, methodology, country
 * and release live in the address. `slots` fill the layers panel's sections that other features
 * own (points of interest, crime types and incident filters).
 */
export default function MapPage({ slots = {} }: { slots?: LayersPanelSlots }) {
  const user = useSignedInUser();
  const pageState = usePageState({ signedIn: true });
  const { methodology, countryId, release, siteId } = pageState;
  const sites = useSites(release);
  const notify = useNotify();
  const { mutate: saveSettings } = useSavePref('appSettings');
  const all = useMemo(() => sites.data ?? [], [sites.data]);
  const selected = useMemo(() => (siteId === undefined ? undefined : all.find((site) => site.siteId === siteId)), [all, siteId]);
  // An import row sent here to be resolved (its candidates or matches), read once when the page opens.
  const [resolution] = useState(currentImportResolution);
  const focus = useMemo(() => (resolution ? resolutionFocus(resolution) : []), [resolution]);
  const layout = useLayoutMode();
  const box = useRef<HTMLDivElement>(null);
  const height = useAvailableHeight(box, { min: 320, bottomGap: 24 });
  const mover = useMapMover(() => {
    if (focus.length > 0) return resolutionView(focus, layout.mobile, height);
    const site = siteId === undefined ? undefined : sites.data?.find((entry) => entry.siteId === siteId);
    return site ? { center: site, zoom: MAP_ZOOM.site } : countryView(countryId);
  });
  // The map's height is measured after the first render: until the map is drawn, the row's
  // framing follows it (the first view guessed the smallest map), so the map opens on the row.
  const { drawn, show } = mover;
  useLayoutEffect(() => {
    if (focus.length > 0 && !drawn) show(resolutionView(focus, layout.mobile, height));
  }, [focus, layout.mobile, height, drawn, show]);
  // A site named by the address is framed once the list has loaded (the first view could not know
  // where it is); a row being resolved keeps its own framing.
  const framed = useRef(siteId === undefined || sites.data !== undefined || focus.length > 0);
  useEffect(() => {
    if (framed.current || !selected) return;
    framed.current = true;
    mover.flyTo(selected, MAP_ZOOM.site);
  }, [selected, mover]);
  const [pin, setPin] = useState<LatLng | null>(null);
  const finishResolution = useCallback(() => {
    endImportResolution();
    goToPage(PageId.ImportSites);
  }, []);

  const [overlap, setOverlap] = useState<readonly TSite[] | null>(null);
  const [spot, setSpot] = useState<SpotQuestion | null>(null);
  const [style, setStyle] = useState<SiteMapStyle>(SiteMapStyle.Standard);
  const [layersOpen, setLayersOpen] = useState(false);

  const methodologies = useMemo(() => {
    const allowed = allowedMethodologiesByPriority(user.account.allowedMethodologies);
    return allowed.includes(methodology) ? allowed : [methodology, ...allowed];
  }, [user.account.allowedMethodologies, methodology]);

  const selectSite = useCallback((site: TSite, options: { fly: boolean }) => {
    setPin(null);
    setOverlap(null);
    setSpot(null);
    updatePageState({ siteId: site.siteId });
    if (options.fly) mover.flyTo(site, MAP_ZOOM.site);
  }, [mover]);

  // One site under the click is selected; several overlapping ones are offered as a list.
  const clickSites = (under: readonly TSite[]) => {
    if (under.length > 1) setOverlap(under);
    else if (under[0]) selectSite(under[0], { fly: false });
  };

  const dropPin = (point: LatLng) => {
    updatePageState({ siteId: null });
    setPin(point);
  };

  // A searched spot: the pin goes there, and if sites already stand there the user is asked whether they meant one.
  const searchPoint = (point: LatLng) => {
    dropPin(point);
    mover.flyTo(point, MAP_ZOOM.pin);
    sitesNearPoint(point).then(
      (near) => {
        if (near.length > 0) setSpot({ point, sites: near });
      },
      (cause: unknown) => notify({ message: errorMessage(cause), severity: 'error' }),
    );
  };

  // The choices are kept as the user's settings too: a page opened without them in its address starts there.
  const changeMethodology = (next: number) => {
    updatePageState({ methodology: next });
    saveSettings({ methodology: next });
  };
  const changeCountry = (next: number) => {
    // Another country: the selected site belongs to the old view.
    setPin(null);
    updatePageState({ countryId: next, siteId: null });
    saveSettings({ countryId: next });
    mover.show(countryView(next));
  };

  const failed = useCallback((message: string) => notify({ message, severity: 'error' }), [notify]);
  const found = useCallback((at: LatLng) => mover.flyTo(at, MAP_ZOOM.userLocation), [mover]);
  const location = useMyLocation(found, failed);

  const hasHeatMap = reportHasHeatMap(selected?.l);
  const shownStyle = style === SiteMapStyle.HeatContour && !hasHeatMap ? SiteMapStyle.Standard : style;
  const clearStyle = useCallback(() => setStyle(SiteMapStyle.None), []);
  const layerState = useLayerState({
    selected,
    pin,
    methodology,
    style: selected ? shownStyle : SiteMapStyle.Standard,
    hasHeatMap,
    onStyle: setStyle,
    onHeatMapFailed: clearStyle,
    setBaseLayerVisible: mover.setBaseLayerVisible,
    drawn: mover.drawn,
    incidentsAllowed: user.account.allowIncidents,
    onOverlayFailed: failed,
  });
  const incidents = useMapIncidents(selected, user.account.allowIncidents, layout.mobile);
  const proximity = useMapProximity(selected, release);
  const overlays = useMemo(() => (proximity.overlay ? [...layerState.overlays, proximity.overlay] : layerState.overlays), [layerState.overlays, proximity.overlay]);
  // The sites an import row matches are ringed while it is resolved.
  const ringed = useMemo(
    () => new Set(resolution ? resolution.matches.map((match) => match.siteId) : selected && shownStyle !== SiteMapStyle.None ? [selected.siteId] : []),
    [resolution, selected, shownStyle],
  );

  if (sites.isError) return <ErrorWithRetry message={errorMessage(sites.error)} onRetry={() => void sites.refetch()} />;

  return (
    <Box>
      <MapToolbar
        search={<MapSearch sites={all} near={mover.center} onSite={(site) => selectSite(site, { fly: true })} onPoint={searchPoint} onError={failed} />}
        methodology={methodology}
        methodologies={methodologies}
        onMethodology={changeMethodology}
        countryId={countryId}
        onCountry={changeCountry}
        siteStyle={selected ? shownStyle : null}
        onCycleStyle={() => setStyle(nextSiteMapStyle(shownStyle, hasHeatMap))}
        layersOpen={layersOpen}
        onToggleLayers={() => setLayersOpen((open) => !open)}
      />
      {siteId !== undefined && sites.isSuccess && !selected && (
        <Alert severity="info" sx={{ mb: 1 }}>
          The site in the address is not in your portfolio for this release.
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexDirection: layout.mobile ? 'column' : 'row', alignItems: 'stretch' }}>
        <Box ref={box} sx={{ position: 'relative', flex: 1, minWidth: 0 }} data-testid="map-page">
          <SitesOnMap
            ownZoomControl
            sites={all}
            methodology={methodology}
            view={mover.view}
            selectedIds={ringed}
            onSites={clickSites}
            onEmptyClick={dropPin}
            onHandle={mover.onHandle}
            height={height}
            overlays={overlays}
            cityLabels={layerState.cityLabels}
            fallbackDetails={<SiteList sites={all} onSite={(site) => clickSites(atSameSpot(all, site))} />}
          >
            {incidents.clusters}
            {resolution?.candidates.map((candidate) => (
              <Marker key={candidate.index} longitude={candidate.longitude} latitude={candidate.latitude} anchor="bottom">
                <Box role="img" aria-label={`Candidate ${candidate.index + 1}: ${candidate.label}`} sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', borderRadius: '50%', width: 28, height: 28, display: 'grid', placeItems: 'center', fontWeight: 700, boxShadow: 2, border: '2px solid white' }}>
                  {candidate.index + 1}
                </Box>
              </Marker>
            ))}
            {pin && (
              <Marker longitude={pin.longitude} latitude={pin.latitude} anchor="bottom">
                <PlaceIcon role="img" aria-label="Pin" color="error" sx={{ fontSize: 40, filter: 'drop-shadow(0 1px 1px rgba(0,0,0,.4))' }} />
              </Marker>
            )}
          </SitesOnMap>
          {resolution ? (
            <ImportResolutionPanel resolution={resolution} pin={pin} onDone={finishResolution} />
          ) : selected ? (
            <SiteSummary
              site={selected}
              methodology={methodology}
              onClose={() => updatePageState({ siteId: null })}
              incidents={incidents.allowed ? { open: incidents.open, onToggle: incidents.toggle } : undefined}
            />
          ) : pin ? (
            <PinPanel
              key={`${pin.latitude},${pin.longitude}`}
              pin={pin}
              canCreateReports={mayCreateReports(user)}
              onCreateReport={() => openCreateReport({ sites: [], releaseYear: release, location: pin })}
              onClose={() => setPin(null)}
            />
          ) : null}
          {layersOpen && (
            <LayersPanel
              layers={<MapLayersList layers={layerState.layers} failed={layerState.layersFailed} shown={layerState.shown} unavailable={layerState.unavailable} onToggle={layerState.toggle} />}
              slots={{ proximity: proximity.section, incidentFilters: incidents.filters, ...slots }}
              onClose={() => setLayersOpen(false)}
            />
          )}
          <MapControls
            canZoom={mover.drawn}
            onZoomIn={mover.zoomIn}
            onZoomOut={mover.zoomOut}
            onMyLocation={location.locate}
            locating={location.locating}
            onReset={() => mover.show(countryView(countryId))}
          />
        </Box>
        {incidents.drawer && <Box sx={{ height: layout.mobile ? Math.max(height, 360) : height, flexShrink: 0 }}>{incidents.drawer}</Box>}
      </Box>
      <SiteChoiceDialog
        open={overlap !== null}
        title="Choose a site"
        intro="Several sites are at this spot."
        sites={overlap ?? []}
        dismissLabel="Cancel"
        onChoose={(site) => selectSite(site, { fly: false })}
        onDismiss={() => setOverlap(null)}
      />
      <SiteChoiceDialog
        open={spot !== null}
        title="Sites at this location"
        intro="Did you mean one of these sites?"
        sites={spot?.sites ?? []}
        dismissLabel="No, keep the pin"
        onChoose={(site) => selectSite(site, { fly: false })}
        onDismiss={() => setSpot(null)}
      />
    </Box>
  );
}
