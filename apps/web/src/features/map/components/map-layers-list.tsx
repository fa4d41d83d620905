import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { TMapLayer } from '@riskatlas/domain';

/**
 * The map layers as switches. Layers of one exclusivity group show one at a time (the page applies
 * that rule); a layer that cannot show now says why beneath it.
 */
export function MapLayersList(props: {
  layers: readonly TMapLayer[] | undefined;
  failed: boolean;
  shown: ReadonlySet<number>;
  unavailable: ReadonlyMap<number, string>;
  onToggle: (layerId: number, on: boolean) => void;
}) {
  if (props.failed) return <Typography variant="body2">The map layers could not be loaded.</Typography>;
  if (!props.layers) return <Typography variant="body2">Loading the map layers…</Typography>;
  return (
    <FormGroup>
      {props.layers.map((layer) => {
        const reason = props.unavailable.get(layer.mapLayerID);
        return (
          <div key={layer.mapLayerID}>
            <FormControlLabel
              control={<Switch size="small" checked={props.shown.has(layer.mapLayerID) && !reason} disabled={reason !== undefined} onChange={(event) => props.onToggle(layer.mapLayerID, event.target.checked)} />}
              label={layer.layerName}
            />
            {reason && <FormHelperText sx={{ mt: -0.5, mb: 0.5, ml: 5 }}>{reason}</FormHelperText>}
          </div>
        );
      })}
    </FormGroup>
  );
}
