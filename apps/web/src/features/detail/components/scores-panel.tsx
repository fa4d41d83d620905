import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { defaultScoreFormat, FEW_RESIDENTS_NOTE, methodologyOf, type TProductData, type TReport } from '@riskatlas/domain';
import { PageLink } from '../../../components/page-link';
import { PageId } from '../../../lib/page-ids';
import { ScoreTable } from './score-table';

/** The one-line key to the table: what the colours, the bar and the mark mean, and where the method is explained. */
function TableKey({ releaseYear }: { releaseYear: number }) {
  const colours = defaultScoreFormat(releaseYear) === 25 ? '25-colour' : '5-colour';
  return (
    <Typography variant="body2" color="text.secondary" data-testid="score-key">
      Scores compare the site with the area average (100 = average; {colours} bands). The bar under each score is its confidence band, low to high;
      a score marked * is imputed (the model filled a gap), unmarked scores rest on reported crime.{' '}
      <PageLink page={PageId.Help} params={{ helpTopic: 'about' }}>
        How scores are made
      </PageLink>
    </Typography>
  );
}

/** Report mode 0: the chosen methodology's scores with the notes the report carries. */
export function ScoresPanel({ report, entry }: { report: TReport; entry: TProductData }) {
  const methodology = methodologyOf(entry.methodologyType);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {methodology ? (
        <Typography variant="body2">
          <strong>{methodology.name}.</strong> {methodology.description}
        </Typography>
      ) : null}
      <TableKey releaseYear={entry.yearRelease} />
      {entry.fewResidents ? <Alert severity="warning">{FEW_RESIDENTS_NOTE}</Alert> : null}
      {report.stateScoresHidden ? <Alert severity="info">State-level scores are not shown for sites in the District of Columbia from the 2022 release.</Alert> : null}
      {report.sameScoresNote ? <Alert severity="info">{report.sameScoresNote}</Alert> : null}
      <ScoreTable entry={entry} countryId={report.countryID} releaseYear={entry.yearRelease} />
    </Box>
  );
}
