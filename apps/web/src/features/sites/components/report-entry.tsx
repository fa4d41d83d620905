import Typography from '@mui/material/Typography';
import { FEW_RESIDENTS_NOTE, methodologyOf, REPORT_TYPE_NAMES, scoreReadingText, type ReportType, type TSiteReportSummary } from '@riskatlas/domain';

/** One methodology's summary score, read with its band and risk level where the country is known ('Composite 1,103 — above 1000, High'). */
function summaryText(report: TSiteReportSummary, id: number): string {
  const name = methodologyOf(id)?.name ?? `Methodology ${id}`;
  const score = report.summaryScores[String(id)];
  if (score === undefined) return `${name} —`;
  return `${name} ${scoreReadingText(score, report.countryID)}`;
}

/**
 * A report in the site dialog's list: release, type and each methodology's Total Crime score with
 * its band and risk level, then the plain notes its scores call for — methodologies that give the
 * same scores, and a place where few people live.
 */
export function ReportEntry({ report }: { report: TSiteReportSummary }) {
  return (
    <li>
      <Typography variant="body2">
        {`${report.releaseYear} ${REPORT_TYPE_NAMES[report.reportType as ReportType] ?? 'Report'} — `}
        {report.methodologyTypeIds.map((id) => summaryText(report, id)).join('; ')}
      </Typography>
      {report.sameScoresNote ? (
        <Typography variant="body2" color="text.secondary" data-testid="same-scores-note">
          {report.sameScoresNote}
        </Typography>
      ) : null}
      {report.fewResidents ? (
        <Typography variant="body2" color="text.secondary" data-testid="few-residents-note">
          {FEW_RESIDENTS_NOTE}
        </Typography>
      ) : null}
    </li>
  );
}
