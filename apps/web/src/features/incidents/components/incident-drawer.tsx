import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { IncidentMessages, clampDrawerPercent, type IncidentSource, type TIncidentDepartment } from '@riskatlas/domain';
import { useNotify } from '../../../components/notifier';
import { usePref } from '../../../lib/api/get-pref';
import { useSavePref } from '../../../lib/api/save-pref';
import { defaultIncidentFilter, type IncidentFilterValue } from '../api/filter-query';
import { useCrimeTypes } from '../api/get-crime-types';
import { useSiteIncidents, useSiteIncidentsDOM } from '../api/get-site-incidents';
import { DrawerResizeHandle, useDrawerResize } from './drawer-resize-handle';
import { IncidentFilters } from './incident-filters';
import { MAX_LISTED_INCIDENTS, PoliceIncidentList, StandardIncidentList } from './incident-list';

/** The props of IncidentDrawer. */
export interface IncidentDrawerProps {
  /** The selected site; the drawer asks it to pick one when null. */
  siteId: number | null;
  siteName?: string;
  open: boolean;
  onClose: () => void;
  /** Which source it lists: 'second' (the ten standard types, the default) or 'first' (as published). */
  source?: IncidentSource;
  /** The filters set elsewhere (the Map screen's side panel); without them the drawer shows its own. */
  filter?: IncidentFilterValue;
  /** Full width under the map (phones), where a side drawer would leave no room to read: no resize handle. */
  fullWidth?: boolean;
}

/** Who published the data and the days it spans, under the list. */
function Departments({ departments }: { departments: readonly TIncidentDepartment[] }) {
  return (
    <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>
      {departments.map((department) => (
        <Typography key={department.pd} variant="caption" component="p" color="text.secondary">
          {department.name}, {department.firstDate} to {department.lastDate}. Source: {department.source}.
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The incident drawer: the incidents around the selected site, newest first, on the right of the
 * screen. It opens and closes with `open`; its left edge resizes it, and the width is saved as the
 * app setting incidentsDrawerDOMSize (percent of the window, within the source's bounds).
 */
export function IncidentDrawer({ siteId, siteName, open, onClose, source = 'second', filter, fullWidth = false }: IncidentDrawerProps) {
  const notify = useNotify();
  const settings = usePref('appSettings');
  const { mutate: saveSettings } = useSavePref('appSettings');
  const percent = clampDrawerPercent(source, settings.data?.incidentsDrawerDOMSize);
  const { shown, handle } = useDrawerResize(source, percent, (next) => saveSettings({ incidentsDrawerDOMSize: next }));
  const [ownFilter, setOwnFilter] = useState<IncidentFilterValue>(() => defaultIncidentFilter(source));
  const active = filter ?? ownFilter;
  const crimeTypes = useCrimeTypes(source, open && !filter);
  const first = useSiteIncidents(siteId, active, open && source === 'first');
  const second = useSiteIncidentsDOM(siteId, active, open && source === 'second');
  const query = source === 'first' ? first : second;
  const failed = query.isError;

  useEffect(() => {
    if (failed) notify({ message: IncidentMessages.loadFailed, severity: 'error' });
  }, [failed, notify]);

  if (!open) return null;
  const colors = new Map(crimeTypes.data?.map((type) => [type.crimeTypeId, type.color]));
  const data = query.data;
  const count = data?.incidents.length ?? 0;
  return (
    <Box
      component="aside"
      aria-label="Crime incidents"
      sx={{ position: 'relative', width: fullWidth ? '100%' : `${shown}vw`, height: '100%', display: 'flex', flexDirection: 'column', borderLeft: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      {!fullWidth && <DrawerResizeHandle source={source} percent={shown} handle={handle} />}
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
          Crime incidents{siteName ? `: ${siteName}` : ''}
        </Typography>
        <IconButton size="small" aria-label="Close the incidents" onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {!filter && (
        <Box sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <IncidentFilters source={source} value={ownFilter} onChange={setOwnFilter} crimeTypes={crimeTypes.data} />
        </Box>
      )}
      {query.isFetching && <LinearProgress aria-label="Loading incidents" />}
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        {siteId === null && <Typography sx={{ p: 2 }}>Select a site to see the crime incidents around it.</Typography>}
        {failed && <Alert severity="error" sx={{ m: 2 }}>{IncidentMessages.loadFailed}</Alert>}
        {data && !data.dataAvailable && <Alert severity="info" sx={{ m: 2 }}>{data.message ?? IncidentMessages.noData}</Alert>}
        {data?.dataAvailable && (
          <>
            <Typography variant="body2" sx={{ px: 2, pt: 1 }}>
              {count === 0
                ? `No incidents match the filters${data.from ? ` (${data.from} to ${data.to})` : ''}.`
                : `${count} incident${count === 1 ? '' : 's'}${data.from ? `, ${data.from} to ${data.to}` : ''}${count > MAX_LISTED_INCIDENTS ? `; the ${MAX_LISTED_INCIDENTS} most recent are listed` : ''}.`}
            </Typography>
            {source === 'first' && first.data ? (
              <PoliceIncidentList incidents={first.data.incidents} colorOf={(id) => colors.get(id)} />
            ) : second.data ? (
              <StandardIncidentList incidents={second.data.incidents} />
            ) : null}
          </>
        )}
      </Box>
      {data?.dataAvailable && <Departments departments={data.departments} />}
    </Box>
  );
}
