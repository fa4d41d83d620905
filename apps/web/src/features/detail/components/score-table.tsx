import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { defaultScoreFormat, isCountryId, readScore, scoreTableOf, type ScoreFormat, type TProductData, type TScore } from '@riskatlas/domain';

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The crime type column stays in view while a narrow screen scrolls the scores sideways. */
const STICKY = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/** The confidence bars of one table share a scale, so their lengths compare; never shorter than 0–200. */
function barScale(entry: TProductData): number {
  let top = 200;
  for (const score of entry.scores) if (score.high !== null && score.high > top) top = score.high;
  return top;
}

/** The confidence band as a bar on the table's scale, with the score as a tick. */
function ConfidenceBar({ score, scale, color }: { score: TScore; scale: number; color: string }) {
  if (score.low === null || score.high === null || score.value === null) return null;
  const at = (value: number) => `${Math.min(100, (value / scale) * 100)}%`;
  return (
    <Box aria-hidden sx={{ position: 'relative', height: 6, mt: 0.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Box sx={{ position: 'absolute', top: 0, bottom: 0, left: at(score.low), width: `max(2px, calc(${at(score.high)} - ${at(score.low)}))`, bgcolor: color, opacity: 0.55, borderRadius: 1 }} />
      <Box sx={{ position: 'absolute', top: -2, bottom: -2, left: at(score.value), width: 2, bgcolor: 'text.primary' }} />
    </Box>
  );
}

/** One score: its band colour, value, coverage mark and confidence bar; the full reading in its title. */
function ScoreCell({ score, countryId, format, scale }: { score: TScore | undefined; countryId: number; format: ScoreFormat; scale: number }) {
  if (!score || score.value === null) return <TableCell align="right" sx={{ px: 1 }}>—</TableCell>;
  const reading = isCountryId(countryId) ? readScore(score.value, countryId, format) : null;
  const color = reading?.band.color ?? '#9e9e9e';
  const imputed = score.coverage === 'imputed';
  const range = score.low !== null && score.high !== null ? `confidence ${NUMBER.format(score.low)}–${NUMBER.format(score.high)}` : '';
  const title = [reading?.text ?? NUMBER.format(score.value), range, imputed ? 'imputed' : 'reported'].filter(Boolean).join('; ');
  return (
    <TableCell align="right" title={title} data-testid="score-cell" data-band={color} data-coverage={score.coverage ?? undefined} sx={{ minWidth: 64, px: 1 }}>
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontVariantNumeric: 'tabular-nums' }}>
        <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: color, flex: 'none' }} />
        <span>
          {NUMBER.format(score.value)}
          {imputed ? <Box component="span" aria-label="imputed" sx={{ color: 'text.secondary' }}>*</Box> : null}
        </span>
      </Box>
      <ConfidenceBar score={score} scale={scale} color={color} />
    </TableCell>
  );
}

/**
 * The scores of one methodology: crime types down, comparison area and period across. Each
 * score shows its band colour (5 colours before the 2018 release, 25 from it), its confidence band
 * as a bar and a mark when it is imputed.
 */
export function ScoreTable({ entry, countryId, releaseYear }: { entry: TProductData; countryId: number; releaseYear: number }) {
  const groups = scoreTableOf(entry);
  const format = defaultScoreFormat(releaseYear);
  const scale = barScale(entry);
  const columns = entry.regions.flatMap((region) => entry.periods.map((period) => ({ region: region.key, period: period.key })));
  const span = columns.length + 1;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`Scores, methodology ${entry.methodologyType}, ${entry.yearRelease} release`} data-testid="score-table">
        <TableHead>
          <TableRow>
            <TableCell rowSpan={2} sx={{ ...STICKY, verticalAlign: 'bottom', minWidth: 130 }}>
              Crime type
            </TableCell>
            {entry.regions.map((region) => (
              <TableCell key={region.key} colSpan={entry.periods.length} align="center" sx={{ borderLeft: 1, borderLeftColor: 'divider' }}>
                <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
                  {region.name}
                </Typography>
                {region.areaName ? (
                  <Typography variant="caption" color="text.secondary">
                    {region.areaName}
                  </Typography>
                ) : null}
              </TableCell>
            ))}
          </TableRow>
          <TableRow>
            {entry.regions.flatMap((region) =>
              entry.periods.map((period, index) => (
                <TableCell key={`${region.key}-${period.key}`} align="right" sx={{ px: 1, ...(index === 0 ? { borderLeft: 1, borderLeftColor: 'divider' } : {}) }}>
                  {period.name}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {period.year}
                  </Typography>
                </TableCell>
              )),
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => [
            // A group of one row named as its heading (Total Crime) needs no heading of its own.
            group.rows.length === 1 && group.rows[0]!.name === group.heading ? null : (
            <TableRow key={`heading-${group.heading}`}>
              <TableCell component="th" scope="colgroup" colSpan={span} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                {group.heading}
              </TableCell>
            </TableRow>
            ),
            ...group.rows.map((row) => (
              <TableRow key={row.crimeType} data-testid={`score-row-${row.crimeType}`}>
                <TableCell component="th" scope="row" sx={{ ...STICKY, fontWeight: row.aggregate ? 600 : 400, pl: row.aggregate ? 2 : 3 }}>
                  {row.name}
                </TableCell>
                {columns.map(({ region, period }) => (
                  <ScoreCell key={`${region}-${period}`} score={row.cells[region]?.[period]} countryId={countryId} format={format} scale={scale} />
                ))}
              </TableRow>
            )),
          ])}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
