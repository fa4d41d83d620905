import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDistance, ProductId, TaskState, type TReport, type TReportProximityLayer, type TSite } from '@riskatlas/domain';
import { AtlasMap, fitView, type MapPoint } from '../../../components/map';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { useNotify } from '../../../components/notifier';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/api/current-user';
import { useAddProximity } from '../api/add-proximity';
import { useProximityLayers } from '../api/get-proximity-layers';
import { useReportProximity } from '../api/get-report-proximity';
import { PROXIMITY_LAYER_COLORS } from './proximity-colors';


/** Props of the report-mode panels: the site shown and its report. */
export interface ReportContextPanelProps {
  site: TSite;
  report: TReport;
}

/** The map of the site and its points of interest; each point's label says what and how far. */
function ProximityMap({ site, layers, countryId }: { site: TSite; layers: readonly TReportProximityLayer[]; countryId: number }) {
  const points = useMemo<MapPoint[]>(
    () => [
      { id: 'site', latitude: site.latitude, longitude: site.longitude, label: site.siteName },
      ...layers.flatMap((layer) =>
        layer.pointsOfInterest.map((point, index) => ({
          id: `${layer.proximityLayerID}-${index}`,
          latitude: point.latitude,
          longitude: point.longitude,
          color: PROXIMITY_LAYER_COLORS[layer.proximityLayerID],
          label: `${point.name} (${formatDistance(point.distance, countryId)})`,
        })),
      ),
    ],
    [site, layers, countryId],
  );
  const view = useMemo(() => fitView(points, 15), [points]);
  const count = points.length - 1;
  return <AtlasMap view={view} points={points} height={360} label={`Map of ${site.siteName} and ${count} point${count === 1 ? '' : 's'} of interest`} />;
}

/** One layer's points, nearest first. */
function LayerList({ layer, countryId }: { layer: TReportProximityLayer; countryId: number }) {
  const headingId = `proximity-layer-${layer.proximityLayerID}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: PROXIMITY_LAYER_COLORS[layer.proximityLayerID] }} />
        {layer.name} ({layer.pointsOfInterest.length})
      </Typography>
      {layer.pointsOfInterest.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None within the search radius.
        </Typography>
      ) : (
        <List dense aria-label={layer.name}>
          {layer.pointsOfInterest.map((point, index) => (
            <ListItem key={index} disableGutters secondaryAction={<Typography variant="body2">{formatDistance(point.distance, countryId)}</Typography>}>
              <ListItemText primary={point.name} secondary={[point.category, point.address].filter(Boolean).join(' · ')} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** Offers to add points of interest to a report that lacks them (one Proximity licence); follows the job. */
function AddProximity({ report }: { report: TReport }) {
  const notify = useNotify();
  const user = useCurrentUser().data ?? undefined;
  const layers = useProximityLayers().data;
  const add = useAddProximity((task) => {
    if (task.currentStatus === TaskState.Complete) notify({ message: task.detail ?? 'Points of interest were added.', severity: 'success' });
    else notify({ message: task.detail ?? 'Points of interest could not be added.', severity: 'error' });
  });
  const mayAdd = user !== undefined && !user.readOnlyMode && (user.allowProduct[String(ProductId.ProximityAddOn)] ?? 1) !== 0;
  return (
    <EmptyState
      title="This report has no points of interest"
      action={
        mayAdd ? (
          <Button
            variant="contained"
            disabled={add.isPending}
            onClick={() => add.mutate([report.accountProductReportId], { onError: (error) => notify({ message: errorMessage(error), severity: 'error' }) })}
          >
            Add proximity
          </Button>
        ) : null
      }
    >
      {layers ? `Adding proximity lists the ${layers.map((layer) => layer.name.toLowerCase()).join(', ')} near the site.` : 'Adding proximity lists the places of interest near the site.'}
      {mayAdd ? ' It uses one Proximity add-on licence.' : ' Ask an administrator to add it.'}
    </EmptyState>
  );
}

/**
 * Report mode 1, proximity: the points of interest near the site grouped by layer, nearest first,
 * with distances in miles (kilometres for the metric-display country), and the same points on the
 * map. A report without the Proximity add-on offers to add it.
 */
export function ProximityPanel({ site, report }: ReportContextPanelProps) {
  const proximity = useReportProximity(report.accountProductReportId, report.hasProximity);
  if (!report.hasProximity) return <AddProximity report={report} />;
  if (proximity.isPending) return <PageSpinner label="Loading points of interest" />;
  if (proximity.isError) return <ErrorWithRetry message={errorMessage(proximity.error)} onRetry={() => void proximity.refetch()} />;
  const { layers, countryID } = proximity.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Points of interest within {formatDistance(proximity.data.radiusMeters, countryID)}
      </Typography>
      <ProximityMap site={site} layers={layers} countryId={countryID} />
      <Box sx={{ mt: 2 }}>
        {layers.map((layer) => (
          <LayerList key={layer.proximityLayerID} layer={layer} countryId={countryID} />
        ))}
      </Box>
    </Paper>
  );
}
