import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import type { FeatureCollection } from 'geojson';
import { formatDistance, parseCountryCode, pickReportForRelease, ReportMode, type TReportProximityLayer, type TSite } from '@riskatlas/domain';
import type { MapOverlay } from '../../../components/map';
import { PageLink } from '../../../components/page-link';
import { errorMessage } from '../../../lib/api-client';
import { useSiteReports } from '../../../lib/api/site-reports';
import { PageId } from '../../../lib/page-ids';
import { useReportProximity } from '../api/get-report-proximity';
import { PROXIMITY_LAYER_COLORS } from './proximity-colors';

/** What the Map page shows of the selected site's points of interest. */
export interface MapProximity {
  /** The layers panel's 'Points of interest' section. */
  section: ReactNode;
  /** The enabled layers' points on the map; null when there are none to draw. */
  overlay: MapOverlay | null;
}

function Note({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** The points of the enabled layers as map features, each with its colour and a tooltip saying what and how far. */
function proximityFeatures(layers: readonly TReportProximityLayer[], enabled: ReadonlySet<number>, countryId: number): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: layers
      .filter((layer) => enabled.has(layer.proximityLayerID))
      .flatMap((layer) =>
        layer.pointsOfInterest.map((point) => ({
          type: 'Feature' as const,
          geometry: { type: 'Point' as const, coordinates: [point.longitude, point.latitude] },
          properties: { color: PROXIMITY_LAYER_COLORS[layer.proximityLayerID] ?? '#455a64', label: `${point.name} (${layer.name}, ${formatDistance(point.distance, countryId)})` },
        })),
      ),
  };
}

/**
 * The Map page's points of interest: for the selected site's report of the chosen release, a switch
 * per proximity layer (on as the layer's default says) and the points of the layers switched on,
 * drawn over the sites with a tooltip. Without a selected site, or with a report that has no points
 * of interest, the section says so and links to where they can be added.
 */
export function useMapProximity(site: TSite | undefined, release: number): MapProximity {
  const reports = useSiteReports(site?.siteId ?? 0, site !== undefined);
  const countryId = (site && parseCountryCode(site.countryCode)) ?? 1;
  const report = site && reports.data ? pickReportForRelease(reports.data, release, countryId) : undefined;
  const proximity = useReportProximity(report?.accountProductReportId ?? 0, report?.hasProximity === true);
  const [switched, setSwitched] = useState<ReadonlyMap<number, boolean>>(new Map());
  const layers = proximity.data?.layers;
  const enabled = useMemo(() => new Set((layers ?? []).filter((layer) => switched.get(layer.proximityLayerID) ?? layer.enabled).map((layer) => layer.proximityLayerID)), [layers, switched]);
  const overlay = useMemo<MapOverlay | null>(() => {
    if (!layers || !proximity.data || enabled.size === 0) return null;
    return {
      id: 'proximity-points',
      data: proximityFeatures(layers, enabled, proximity.data.countryID),
      style: { kind: 'circle', radius: 6, strokeColor: '#ffffff' },
      placement: 'above-points',
      tooltipProperty: 'label',
    };
  }, [layers, enabled, proximity.data]);

  const section = (() => {
    if (!site) return <Note>Select a site to see the points of interest near it.</Note>;
    if (reports.isError) return <Note>{errorMessage(reports.error)}</Note>;
    if (reports.isPending) return <Note>Loading points of interest…</Note>;
    if (!report || !report.hasProximity) {
      return (
        <Note>
          {report ? 'This report has no points of interest. ' : 'This site has no report for the chosen release. '}
          {report && (
            <PageLink page={PageId.Detail} params={{ siteId: site.siteId, reportMode: ReportMode.Proximity }}>
              Open its proximity view
            </PageLink>
          )}
        </Note>
      );
    }
    if (proximity.isError) return <Note>{errorMessage(proximity.error)}</Note>;
    if (!proximity.data) return <Note>Loading points of interest…</Note>;
    const { countryID, radiusMeters } = proximity.data;
    return (
      <>
        <Note>Within {formatDistance(radiusMeters, countryID)} of {site.siteName}</Note>
        <FormGroup>
          {proximity.data.layers.map((layer) => (
            <FormControlLabel
              key={layer.proximityLayerID}
              control={<Checkbox size="small" checked={enabled.has(layer.proximityLayerID)} onChange={(event) => setSwitched((now) => new Map(now).set(layer.proximityLayerID, event.target.checked))} />}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: PROXIMITY_LAYER_COLORS[layer.proximityLayerID] }} />
                  {layer.name} ({layer.pointsOfInterest.length})
                </Box>
              }
            />
          ))}
        </FormGroup>
      </>
    );
  })();
  return { section, overlay };
}
