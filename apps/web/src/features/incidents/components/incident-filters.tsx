import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DATE_SHORTCUTS, DATE_SHORTCUT_LABELS, TIME_OF_DAY_RANGE, distanceLimitsOf, type DateShortcut, type IncidentSource, type TIncidentCrimeType } from '@riskatlas/domain';
import type { IncidentFilterValue } from '../api/filter-query';

/** Hours as a clock time: 14.5 → 14:30, 24 → 24:00. */
function clock(hours: number): string {
  return `${String(Math.floor(hours)).padStart(2, '0')}:${String(Math.round((hours % 1) * 60)).padStart(2, '0')}`;
}

const miles = (value: number) => `${value} mi`;

/**
 * The incident filters: distance from the site (the source's range and step, its handles kept the
 * source's minimum apart), time of day in quarter hours, a date shortcut, and, when the crime types
 * are given, a box per type.
 */
export function IncidentFilters(props: { source: IncidentSource; value: IncidentFilterValue; onChange: (value: IncidentFilterValue) => void; crimeTypes?: readonly TIncidentCrimeType[] }) {
  const { source, value, onChange, crimeTypes } = props;
  const limits = distanceLimitsOf(source);
  const chosen = new Set(value.crimeTypeIds ?? crimeTypes?.map((type) => type.crimeTypeId) ?? []);

  const onDistance = (_: Event, next: number | number[], thumb: number) => {
    const [low, high] = next as number[];
    // Keep the handles the minimum range apart, moving the one the user is not holding.
    if (high! - low! < limits.minRange) {
      if (thumb === 0) onChange({ ...value, distance: [Math.min(low!, limits.max - limits.minRange), Math.min(low!, limits.max - limits.minRange) + limits.minRange] });
      else onChange({ ...value, distance: [Math.max(high!, limits.min + limits.minRange) - limits.minRange, Math.max(high!, limits.min + limits.minRange)] });
      return;
    }
    onChange({ ...value, distance: [low!, high!] });
  };
  const toggleType = (crimeTypeId: number) => {
    const next = new Set(chosen);
    if (next.has(crimeTypeId)) next.delete(crimeTypeId);
    else next.add(crimeTypeId);
    const all = crimeTypes?.every((type) => next.has(type.crimeTypeId));
    onChange({ ...value, crimeTypeIds: all ? undefined : [...next].sort((a, b) => a - b) });
  };

  return (
    <Box component="section" aria-label="Incident filters" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, px: 1 }}>
      <Box>
        <Typography id={`incident-distance-${source}`} variant="body2" gutterBottom>
          Distance: {miles(value.distance[0])} to {miles(value.distance[1])}
        </Typography>
        <Slider
          getAriaLabel={(index) => (index === 0 ? 'Minimum distance' : 'Maximum distance')}
          getAriaValueText={miles}
          value={[...value.distance]}
          min={limits.min}
          max={limits.max}
          step={limits.step}
          onChange={onDistance}
          valueLabelDisplay="auto"
          valueLabelFormat={miles}
          size="small"
        />
      </Box>
      <Box>
        <Typography id={`incident-time-${source}`} variant="body2" gutterBottom>
          Time of day: {clock(value.hours[0])} to {clock(value.hours[1])}
        </Typography>
        <Slider
          getAriaLabel={(index) => (index === 0 ? 'From time' : 'To time')}
          getAriaValueText={clock}
          value={[...value.hours]}
          min={TIME_OF_DAY_RANGE.min}
          max={TIME_OF_DAY_RANGE.max}
          step={TIME_OF_DAY_RANGE.step}
          onChange={(_, next) => onChange({ ...value, hours: next as [number, number] })}
          valueLabelDisplay="auto"
          valueLabelFormat={clock}
          size="small"
        />
      </Box>
      <ToggleButtonGroup
        aria-label="Dates"
        exclusive
        size="small"
        value={value.dateRange}
        onChange={(_, next: DateShortcut | null) => next && onChange({ ...value, dateRange: next })}
        sx={{ flexWrap: 'wrap' }}
      >
        {DATE_SHORTCUTS.map((shortcut) => (
          <ToggleButton key={shortcut} value={shortcut}>
            {DATE_SHORTCUT_LABELS[shortcut]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {crimeTypes && crimeTypes.length > 0 && (
        <Box role="group" aria-label="Crime types" sx={{ display: 'flex', flexDirection: 'column' }}>
          {crimeTypes.map((type) => (
            <FormControlLabel
              key={type.crimeTypeId}
              control={<Checkbox size="small" checked={chosen.has(type.crimeTypeId)} onChange={() => toggleType(type.crimeTypeId)} sx={{ color: type.color, '&.Mui-checked': { color: type.color } }} />}
              label={type.name}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
