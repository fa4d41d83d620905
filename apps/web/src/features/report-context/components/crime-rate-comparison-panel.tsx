import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ReportContextMessages, type TCrimeRateData } from '@riskatlas/domain';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { useNotify } from '../../../components/notifier';
import { PageSpinner } from '../../../components/page-spinner';
import { useCrimeRates } from '../api/get-crime-rates';
import type { ReportContextPanelProps } from './proximity-panel';

const rateFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A rate per 100,000 residents for display; "—" where there is none. */
function formatRate(rate: number | null): string {
  return rate === null ? '—' : rateFormat.format(rate);
}

/** A horizontal bar as wide as `value` is of `max`. */
function Bar({ value, max, color, label }: { value: number | null; max: number; color: string; label: string }) {
  const width = value === null || max <= 0 ? 0 : Math.max(1, (value / max) * 100);
  return (
    <Box title={label} sx={{ height: 8, my: 0.25, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Box data-testid="rate-bar" sx={{ height: '100%', width: `${width}%`, bgcolor: color, borderRadius: 1 }} />
    </Box>
  );
}

/** One methodology: each crime type's actual and expected rate, as numbers and bars on one scale. */
function MethodologyTable({ data }: { data: TCrimeRateData }) {
  const max = Math.max(0, ...data.rates.flatMap((rate) => [rate.actual ?? 0, rate.expected ?? 0]));
  const headingId = `crime-rates-${data.methodologyType}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {data.methodologyName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Actual: {data.areaName || 'the comparison area'}, {data.year}. Expected: the model&apos;s rate at the site. Crimes per 100,000 residents.
      </Typography>
      <Table size="small" aria-label={`Crime rates, ${data.methodologyName}`}>
        <TableHead>
          <TableRow>
            <TableCell>Crime type</TableCell>
            <TableCell align="right">Actual</TableCell>
            <TableCell align="right">Expected</TableCell>
            <TableCell sx={{ width: '35%' }}>Comparison</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rates.map((rate) => (
            <TableRow key={rate.crimeType}>
              <TableCell component="th" scope="row">
                {rate.name}
              </TableCell>
              <TableCell align="right">
                {formatRate(rate.actual)}
                {rate.actual !== null && !rate.reported ? '*' : ''}
              </TableCell>
              <TableCell align="right">{formatRate(rate.expected)}</TableCell>
              <TableCell>
                <Bar value={rate.actual} max={max} color="primary.main" label={`Actual ${formatRate(rate.actual)}`} />
                <Bar value={rate.expected} max={max} color="secondary.main" label={`Expected ${formatRate(rate.expected)}`} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {data.rates.some((rate) => rate.actual !== null && !rate.reported) ? (
        <Typography variant="caption" color="text.secondary">
          * Not reported for {data.year}: carried from the nearest reported years.
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Report mode 7, crime rate comparison: per methodology, the actual crime rate of the site's
 * comparison area against the rate the model expects at the site. A failed load shows the error
 * toast. Reports the comparison does not apply to (outside urban US sites of 2024 on) say so.
 */
export function CrimeRateComparisonPanel({ site, report }: ReportContextPanelProps) {
  const notify = useNotify();
  const rates = useCrimeRates(site.siteId, report.accountProductReportId, report.hasCrimeRateComparison);
  const failed = rates.isError;
  useEffect(() => {
    if (failed) notify({ message: ReportContextMessages.crimeRateLoadFailed, severity: 'error' });
  }, [failed, notify]);
  if (!report.hasCrimeRateComparison) return <EmptyState title="No crime rate comparison">{ReportContextMessages.crimeRateNotAvailable}</EmptyState>;
  if (rates.isPending) return <PageSpinner label="Loading crime rates" />;
  if (rates.isError) return <ErrorWithRetry message={ReportContextMessages.crimeRateLoadFailed} onRetry={() => void rates.refetch()} />;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Crime rate comparison, release {rates.data.releaseYear}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 1 }} aria-hidden>
        <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box component="span" sx={{ width: 12, height: 8, bgcolor: 'primary.main' }} /> Actual
        </Typography>
        <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box component="span" sx={{ width: 12, height: 8, bgcolor: 'secondary.main' }} /> Expected
        </Typography>
      </Box>
      {rates.data.methodologies.map((methodology) => (
        <MethodologyTable key={methodology.methodologyType} data={methodology} />
      ))}
    </Paper>
  );
}
