import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { CRIME_CATEGORY_COLORS, standardCrimeType, type TPoliceIncident, type TSecondSourceIncident } from '@riskatlas/domain';

/** The drawer shows at most this many rows; the count above the list says how many matched. */
export const MAX_LISTED_INCIDENTS = 500;

/** One row: a colour dot, the crime type, then what, where and when. */
function Row(props: { color: string; type: string; lines: Array<string | null>; distance: number }) {
  return (
    <ListItem divider sx={{ alignItems: 'flex-start', gap: 1 }}>
      <Box aria-hidden sx={{ mt: 0.75, width: 10, height: 10, borderRadius: '50%', bgcolor: props.color, flex: '0 0 auto' }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2">{props.type}</Typography>
        {props.lines.filter((line): line is string => !!line).map((line) => (
          <Typography key={line} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" sx={{ flex: '0 0 auto' }}>
        {props.distance.toFixed(2)} mi
      </Typography>
    </ListItem>
  );
}

/** First-source incidents as the department publishes them. */
export function PoliceIncidentList({ incidents, colorOf }: { incidents: readonly TPoliceIncident[]; colorOf: (crimeTypeId: number) => string | undefined }) {
  return (
    <List dense aria-label="Incidents">
      {incidents.slice(0, MAX_LISTED_INCIDENTS).map((incident) => (
        <Row
          key={incident.id}
          color={colorOf(incident.crimeTypeId) ?? CRIME_CATEGORY_COLORS.other}
          type={incident.crimetype}
          distance={incident.distance}
          lines={[
            incident.description,
            `${incident.street}, ${incident.city} (district ${incident.pd})`,
            `${incident.dayofweek} ${incident.incidentdate}${incident.incidenttime ? ` ${incident.incidenttime}` : ''}`,
            incident.premise,
          ]}
        />
      ))}
    </List>
  );
}

/** Second-source incidents in the standard types. */
export function StandardIncidentList({ incidents }: { incidents: readonly TSecondSourceIncident[] }) {
  return (
    <List dense aria-label="Incidents">
      {incidents.slice(0, MAX_LISTED_INCIDENTS).map((incident) => {
        const type = standardCrimeType(incident.typeId);
        return (
          <Row
            key={incident.id}
            color={type?.color ?? CRIME_CATEGORY_COLORS[incident.cat]}
            type={type?.name ?? 'Incident'}
            distance={incident.dist}
            lines={[incident.desc, `${incident.day} ${incident.date}`, `District ${incident.pd}`]}
          />
        );
      })}
    </List>
  );
}
