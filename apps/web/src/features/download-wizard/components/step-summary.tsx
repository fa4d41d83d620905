import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { DownloadMessages, DownloadReportType, MAX_ARCHIVE_REPORTS_WITH_CONTEXT, methodologyOf, REPORT_SECTIONS } from '@riskatlas/domain';
import type { PdfChoice } from '../../../components/pdf-choice';
import { carriesPdf } from '../steps';

const plural = (count: number, word: string) => `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;

/** What the summary lists. */
export interface SummaryInput {
  type: DownloadReportType;
  /** Reports counted. */
  total: number;
  /** Sites of a CSV of the selection; null for the account's sites. */
  csvSites: number | null;
  /** The custom PDF's choice; null for the standard PDF. */
  pdf: PdfChoice | null;
}

/** The summary's lines: what will be made, of how many reports or sites, and which PDF. */
function summaryLines({ type, total, csvSites, pdf }: SummaryInput): string[] {
  const lines: string[] = [];
  if (type === DownloadReportType.ExcelSummary) lines.push(`An Excel summary of ${plural(total, 'report')}, with a row per report.`);
  else if (type === DownloadReportType.Csv) lines.push(csvSites === null ? 'A CSV file of the sites of the account, with their report summary.' : `A CSV file of ${plural(csvSites, 'site')}, with their report summary.`);
  else {
    const what = type === DownloadReportType.Pdf ? 'the PDF' : type === DownloadReportType.Excel ? 'the Excel workbook' : 'the PDF and the Excel workbook';
    lines.push(`A report archive (zip) with ${what} of each of ${plural(total, 'report')}.`);
  }
  if (carriesPdf(type)) {
    if (pdf === null) lines.push('Standard PDF: every section, with each report’s own methodologies.');
    else {
      const names = pdf.methodologies.map((id) => methodologyOf(id)?.name ?? `Methodology ${id}`);
      const sections = REPORT_SECTIONS.filter((section) => (pdf.sections & section.bit) === section.bit).length;
      lines.push(`Custom PDF: ${sections} of ${REPORT_SECTIONS.length} sections${names.length > 0 ? `; methodologies: ${names.join(', ')}` : ''}.`);
    }
  }
  lines.push(type === DownloadReportType.ExcelSummary || type === DownloadReportType.Csv ? 'The file will appear in File Downloads; you can wait for it here.' : 'The archive is prepared in the background; an e-mail follows when it is ready.');
  return lines;
}

/**
 * The summary step: what will be made; above 50,000 reports the note that proximity and
 * demographics are left out of the PDFs; for a provider person acting as a customer, the choice
 * to send the archive to themselves.
 */
export function StepSummary(props: { input: SummaryInput; impersonating: boolean; sendToMe: boolean; onSendToMe: (on: boolean) => void }) {
  const { input } = props;
  const archive = input.type !== DownloadReportType.ExcelSummary && input.type !== DownloadReportType.Csv;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {summaryLines(input).map((line) => (
          <Typography component="li" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
      {carriesPdf(input.type) && input.total > MAX_ARCHIVE_REPORTS_WITH_CONTEXT ? <Alert severity="info">{DownloadMessages.contextOff}</Alert> : null}
      {archive && props.impersonating ? (
        <FormControlLabel control={<Checkbox checked={props.sendToMe} onChange={(event) => props.onSendToMe(event.target.checked)} />} label="Send to me (the impersonating user)" />
      ) : null}
    </Box>
  );
}
