import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { countryNameOf, COUNTRIES, DownloadMessages, type CountryId, type TReportCountsResponse } from '@riskatlas/domain';
import { Fact } from '../../../components/fact';

const number = (value: number) => value.toLocaleString();

function countryName(countryId: number): string {
  return COUNTRIES.some((country) => country.countryId === countryId) ? countryNameOf(countryId as CountryId) : `Country ${countryId}`;
}

/** "Basic 12 · Premium 3" */
function joined<T>(entries: readonly T[], label: (entry: T) => string, count: (entry: T) => number): string {
  return entries.map((entry) => `${label(entry)} ${number(count(entry))}`).join(' · ');
}

/**
 * The gettingCounts step: a spinner while the server counts, then what the download holds (reports,
 * sites, per type, country and release, those without map or PDF, ids not found). A refusal (more
 * than 100,000 reports) is shown in the server's words, with a way to try again; Back goes back.
 */
export function StepCounts(props: { counts: TReportCountsResponse | undefined; pending: boolean; error: string | null; onRetry: () => void }) {
  const { counts } = props;
  if (props.error) {
    return (
      <Alert severity="error" role="alert" action={<Button color="inherit" size="small" onClick={props.onRetry}>Try again</Button>}>
        {props.error}
      </Alert>
    );
  }
  if (props.pending || !counts) {
    return (
      <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label="Counting the reports" />
        <Typography>Counting the reports of your selection…</Typography>
      </Box>
    );
  }
  return (
    <>
      {counts.total === 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {DownloadMessages.noReports}
        </Alert>
      ) : null}
      <Box component="dl" aria-label="Report counts" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}>
        <Fact label="Reports">{number(counts.total)}</Fact>
        <Fact label="Sites">{number(counts.siteCount)}</Fact>
        <Fact label="Without map or PDF">{number(counts.withoutMapAndPdf)}</Fact>
        <Fact label="Report types">{joined(counts.byReportType, (entry) => entry.name, (entry) => entry.count)}</Fact>
        <Fact label="Countries">{joined(counts.byCountry, (entry) => countryName(entry.countryId), (entry) => entry.count)}</Fact>
        <Fact label="Releases">{joined(counts.byReleaseYear, (entry) => `${entry.releaseYear}:`, (entry) => entry.count)}</Fact>
      </Box>
      {counts.withoutMapAndPdf > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {`${number(counts.withoutMapAndPdf)} report${counts.withoutMapAndPdf === 1 ? ' is' : 's are'} of release 2006 or earlier: no map or PDF.`}
        </Typography>
      ) : null}
      {counts.notFound > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {`${number(counts.notFound)} of the selected reports ${counts.notFound === 1 ? 'was' : 'were'} not found and will be left out.`}
        </Typography>
      ) : null}
    </>
  );
}
