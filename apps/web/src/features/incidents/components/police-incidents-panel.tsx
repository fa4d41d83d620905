import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { IncidentMessages, policeMapApplies, roundMiles } from '@riskatlas/domain';
import { AtlasMap } from '../../../components/map';
import { usePoliceBbox, usePoliceIncidents, usePoliceRecentMonth, usePoliceSummary } from '../api/get-police';
import { PoliceSummaryTable } from './police-summary-table';

// The overlay draws with react-map-gl: loaded only with the map itself.
const PoliceMapOverlay = lazy(() => import('./police-map-overlay'));

/** Radii offered, in miles. */
const RADII = [0.25, 0.5, 1, 2, 3];
const DEFAULT_RADIUS = 1;
const YTD = 'YTD';

/** The site the panel is about. */
export interface PoliceSite {
  latitude: number;
  longitude: number;
  countryCode: string | null;
  state?: string | null;
}

/**
 * The UK police incidents panel of a report: street-level crime around the site on a map (the
 * radius's ring, clustered incidents), for a chosen year or the year to date, with a table of
 * crimes by type and year. Great Britain outside Scotland only; elsewhere it says so.
 */
export function PoliceIncidentsPanel({ site, radius: initialRadius = DEFAULT_RADIUS }: { site: PoliceSite; radius?: number }) {
  const applies = policeMapApplies(site);
  const [radius, setRadius] = useState(roundMiles(initialRadius));
  const [period, setPeriod] = useState<string>(YTD);
  const area = { longitude: site.longitude, latitude: site.latitude, radius };
  // Outside Great Britain-but-Scotland nothing is asked: the panel says why instead.
  const recent = usePoliceRecentMonth(applies);
  const summary = usePoliceSummary(area, applies);
  const bbox = usePoliceBbox(area, applies);
  const years = summary.data ? [...new Set(Object.values(summary.data.summary).flatMap((entries) => entries.map((entry) => entry.year)))].sort((a, b) => b - a) : [];
  // The year to date runs in the latest year the area's data reaches (forces publish at different times).
  const ytdYear = summary.data ? (years[0] ?? recent.data?.year ?? null) : null;
  const year = period === YTD ? ytdYear : Number(period);
  const incidents = usePoliceIncidents(area, applies ? year : null, period === YTD);

  if (!applies) return <Alert severity="info">{IncidentMessages.policeOutsideCoverage}</Alert>;
  const noData = summary.data && !summary.data.dataAvailable ? summary.data.message : incidents.data && !incidents.data.dataAvailable ? incidents.data.message : null;
  const crimes = incidents.data?.features.reduce((sum, feature) => sum + feature.properties.count, 0) ?? 0;
  const failed = summary.isError || incidents.isError || bbox.isError;
  return (
    <Box component="section" aria-label="Police incidents" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Police incidents
        </Typography>
        <FormControl size="small" sx={{ minWidth: 120 }}>
          <InputLabel id="police-radius">Radius</InputLabel>
          <Select labelId="police-radius" label="Radius" value={radius} onChange={(event) => setRadius(Number(event.target.value))}>
            {RADII.map((option) => (
              <MenuItem key={option} value={option}>
                {option} mi
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 120 }}>
          <InputLabel id="police-period">Period</InputLabel>
          <Select labelId="police-period" label="Period" value={period} onChange={(event) => setPeriod(String(event.target.value))}>
            <MenuItem value={YTD}>Year to date{ytdYear ? ` (${ytdYear})` : ''}</MenuItem>
            {years.map((option) => (
              <MenuItem key={option} value={String(option)}>
                {option}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Box>
      {failed && <Alert severity="error">{IncidentMessages.loadFailed}</Alert>}
      {noData && <Alert severity="info">{noData}</Alert>}
      {bbox.data && (
        <AtlasMap
          view={{ bounds: bbox.data.bbox }}
          label={`Map of police incidents within ${radius} miles`}
          height={420}
          fallbackDetails={<Typography variant="body2">The table below counts the crimes by type.</Typography>}
        >
          <Suspense fallback={null}>
            <PoliceMapOverlay ring={bbox.data.ring} features={incidents.data?.features ?? []} />
          </Suspense>
        </AtlasMap>
      )}
      {incidents.data?.dataAvailable && (
        <Typography variant="body2">
          {crimes} crimes within {radius} miles, {incidents.data.fromMonth} to {incidents.data.toMonth}.
        </Typography>
      )}
      {summary.data?.dataAvailable && <PoliceSummaryTable summary={summary.data.summary} />}
      {(summary.data?.source ?? incidents.data?.source) && (
        <Typography variant="caption" color="text.secondary">
          Source: {summary.data?.source ?? incidents.data?.source}. Contains public sector information licensed under the Open Government Licence v3.0.
        </Typography>
      )}
    </Box>
  );
}
