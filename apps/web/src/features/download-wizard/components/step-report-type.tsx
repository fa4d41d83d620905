import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { DownloadReportType, ExcelMessages, MAX_EXCEL_SUMMARY_REPORTS } from '@riskatlas/domain';

/** The report types in the order offered, with their names and what each makes. */
const REPORT_TYPE_CHOICES: readonly { type: DownloadReportType; label: string; hint: string }[] = [
  { type: DownloadReportType.ExcelSummary, label: 'Excel summary', hint: 'One workbook with a row per report.' },
  { type: DownloadReportType.Pdf, label: 'PDF reports', hint: 'A zip archive with the PDF of each report.' },
  { type: DownloadReportType.PdfAndExcel, label: 'PDF and Excel reports', hint: 'A zip archive with the PDF and the Excel workbook of each report.' },
  { type: DownloadReportType.Excel, label: 'Excel reports', hint: 'A zip archive with the Excel workbook of each report.' },
  { type: DownloadReportType.Csv, label: 'CSV of the sites', hint: 'A CSV file of the sites with their report summary.' },
];

/** Why a type cannot be chosen, or null: the Excel summary stops at 20,000 reports; a CSV needs sites. */
export function reportTypeBlocker(type: DownloadReportType, total: number, csvAvailable: boolean): string | null {
  if (type === DownloadReportType.ExcelSummary && total > MAX_EXCEL_SUMMARY_REPORTS) return ExcelMessages.tooLarge;
  if (type === DownloadReportType.Csv && !csvAvailable) return 'A CSV of the sites needs sites: choose it from the Site Library.';
  return null;
}

/** The reportType step: what to make of the reports counted. */
export function StepReportType(props: { total: number; csvAvailable: boolean; value: DownloadReportType | null; onChange: (type: DownloadReportType) => void }) {
  return (
    <>
      <Typography id="download-type-label" sx={{ mb: 1 }}>
        What do you want to download?
      </Typography>
      <RadioGroup aria-labelledby="download-type-label" value={props.value === null ? '' : String(props.value)} onChange={(event) => props.onChange(Number(event.target.value) as DownloadReportType)}>
        {REPORT_TYPE_CHOICES.map((choice) => {
          const blocker = reportTypeBlocker(choice.type, props.total, props.csvAvailable);
          return (
            <div key={choice.type}>
              <FormControlLabel value={String(choice.type)} control={<Radio />} label={choice.label} disabled={blocker !== null} sx={{ mb: 0 }} />
              <FormHelperText sx={{ mt: -0.75, mb: 1, ml: 4 }} error={blocker !== null}>
                {blocker ?? choice.hint}
              </FormHelperText>
            </div>
          );
        })}
      </RadioGroup>
    </>
  );
}
