import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import {
  archiveContentOf,
  DownloadReportType,
  isProviderUser,
  type TCurrentUser,
  type TDownloadSelection,
} from '@riskatlas/domain';
import { DialogError } from '../../../components/dialog-buttons';
import { PdfChoiceFields, usePdfChoice } from '../../../components/pdf-choice';
import { errorMessage } from '../../../lib/api-client';
import { useLayoutMode } from '../../../lib/viewport';
import { useReportCounts } from '../api/get-report-counts';
import { useReleaseYears } from '../api/get-release-years';
import type { DownloadWizardRequest } from '../download-wizard-store';
import { useDownloadRun } from '../hooks/use-download-run';
import { makesOneFile, STEP_LABELS, stepsOf, type DownloadStep } from '../steps';
import { DownloadProgress } from './download-progress';
import { StepCounts } from './step-counts';
import { StepCountryAdmin, StepDataAdmin } from './step-data-admin';
import { StepPdfType } from './step-pdf-type';
import { reportTypeBlocker, StepReportType } from './step-report-type';
import { StepStart, StepStartAdmin } from './step-start';
import { StepSummary, type SummaryInput } from './step-summary';

/**
 * The download wizard: the selection (or, for administrators, the account's data of a
 * release and country), its counts, the report type, for provider staff the PDF type and custom
 * sections, a summary, then the download — waited for here for the Excel summary and the CSV,
 * confirmed for a report archive. Full screen on phones.
 */
export function DownloadWizard({ user, request, onClose }: { user: TCurrentUser; request: DownloadWizardRequest; onClose: () => void }) {
  const phone = useLayoutMode().mobile;
  const provider = isProviderUser(user);
  const [accountData, setAccountData] = useState(request.selection === null);
  const [release, setRelease] = useState<number | null>(-1);
  const [country, setCountry] = useState<number | null>(null);
  const [reportType, setReportType] = useState<DownloadReportType | null>(null);
  const [customPdf, setCustomPdf] = useState(false);
  const [sendToMe, setSendToMe] = useState(false);
  const steps = stepsOf({ adminMode: user.adminMode, provider, accountData, reportType, customPdf });
  const [step, setStep] = useState<DownloadStep>(steps[0]!);
  const counts = useReportCounts();
  const years = useReleaseYears(user.adminMode);
  const runner = useDownloadRun();
  const offeredMethodologies = useMemo(() => counts.data?.byMethodology.map((entry) => entry.methodologyType) ?? [], [counts.data]);
  const pdf = usePdfChoice(offeredMethodologies);

  const selection: TDownloadSelection | null = accountData ? { accountData: { releaseYear: release, countryId: country } } : request.selection;
  const total = counts.data?.total ?? 0;
  const csvAvailable = accountData || request.csv !== null;
  const releaseYears = useMemo(() => [...new Set(years.data?.countries.flatMap((entry) => entry.years) ?? [])].sort((a, b) => b - a), [years.data]);
  const started = runner.run !== null;
  const index = steps.indexOf(step);

  const countNow = () => {
    if (selection) counts.mutate(selection);
  };
  const go = (next: DownloadStep) => {
    if (next === 'gettingCounts') {
      // New counts each time: the selection or the admin's release and country may have changed.
      setReportType(null);
      countNow();
    }
    setStep(next);
  };
  const canGoOn = (): boolean => {
    if (runner.starting) return false;
    if (step === 'start') return selection !== null;
    if (step === 'gettingCounts') return counts.isSuccess && total > 0;
    if (step === 'reportType') return reportType !== null && reportTypeBlocker(reportType, total, csvAvailable) === null;
    return true;
  };
  const next = () => {
    if (step === 'pdfCustomize' && pdf.check() === null) return;
    if (step === 'summary') return submit();
    const following = steps[index + 1];
    if (following) go(following);
  };
  const back = () => {
    const previous = steps[index - 1];
    if (!previous) return;
    if (step === 'gettingCounts') counts.reset();
    setStep(previous);
  };

  const summaryInput = (type: DownloadReportType): SummaryInput => ({
    type,
    total,
    csvSites: accountData ? null : (request.csv?.siteIds.length ?? 0),
    pdf: customPdf && provider && !accountData ? pdf.value : null,
  });

  const submit = () => {
    if (reportType === null || selection === null) return;
    if (reportType === DownloadReportType.ExcelSummary) runner.startExcelSummary(selection);
    else if (reportType === DownloadReportType.Csv) {
      runner.startCsv(
        accountData
          ? { siteIds: [], forAccount: true, reportSummary: true, releaseYear: release ?? undefined, country: country ?? undefined }
          : { siteIds: request.csv?.siteIds ?? [], forAccount: false, reportSummary: true, releaseYear: request.csv?.releaseYear },
      );
    } else {
      const choice = summaryInput(reportType).pdf;
      runner.startArchive({
        ...selection,
        content: archiveContentOf(reportType)!,
        ...(choice ? { sections: choice.sections, methodologies: choice.methodologies } : {}),
        ...(user.impersonationMode && sendToMe ? { sendToImpersonatingUser: true } : {}),
      });
    }
    if (makesOneFile(reportType)) setStep('waitForDownload');
  };

  const title = started && runner.run?.kind === 'archive' ? 'Download requested' : `Download reports: ${STEP_LABELS[step]}`;
  return (
    <Dialog open onClose={runner.starting ? undefined : onClose} aria-labelledby="download-wizard-title" maxWidth="sm" fullWidth fullScreen={phone} scroll="paper">
      <DialogTitle id="download-wizard-title">{title}</DialogTitle>
      <DialogContent>
        {/* Labels under the numbers on wider screens, so six steps fit one row; a phone names only the current one. */}
        <Stepper activeStep={index} alternativeLabel={!phone} sx={{ mb: 3 }} aria-label="Steps">
          {steps.map((item) => (
            <Step key={item}>
              <StepLabel>{phone && item !== step ? '' : STEP_LABELS[item]}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {runner.run ? (
          <DownloadProgress run={runner.run} unit={reportType === DownloadReportType.Csv ? 'site' : 'report'} onLeave={onClose} />
        ) : (
          <>
            {step === 'start' ? <StepStart description={request.selection === null ? null : request.description} /> : null}
            {step === 'startAdmin' ? (
              <StepStartAdmin description={request.selection === null ? null : request.description} accountData={accountData} onAccountData={setAccountData} />
            ) : null}
            {step === 'dataAdmin' ? <StepDataAdmin years={releaseYears} loading={years.isPending} release={release} onRelease={setRelease} /> : null}
            {step === 'countryAdmin' ? <StepCountryAdmin country={country} onCountry={setCountry} /> : null}
            {step === 'gettingCounts' ? (
              <StepCounts counts={counts.data} pending={counts.isPending || counts.isIdle} error={counts.error ? errorMessage(counts.error) : null} onRetry={countNow} />
            ) : null}
            {step === 'reportType' ? <StepReportType total={total} csvAvailable={csvAvailable} value={reportType} onChange={setReportType} /> : null}
            {step === 'pdfType' ? <StepPdfType custom={customPdf} onCustom={setCustomPdf} /> : null}
            {step === 'pdfCustomize' ? (
              <>
                {/* Above the long list of boxes, where it is seen without scrolling. */}
                {pdf.error ? (
                  <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                    {pdf.error}
                  </Alert>
                ) : null}
                <PdfChoiceFields choice={pdf} />
              </>
            ) : null}
            {step === 'summary' && reportType !== null ? (
              <StepSummary input={summaryInput(reportType)} impersonating={user.impersonationMode} sendToMe={sendToMe} onSendToMe={setSendToMe} />
            ) : null}
          </>
        )}
        <DialogError error={runner.error} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={runner.starting}>
          {started ? 'Close' : 'Cancel'}
        </Button>
        {!started && index > 0 ? (
          <Button onClick={back} disabled={runner.starting}>
            Back
          </Button>
        ) : null}
        {started || step === 'waitForDownload' ? null : (
          <Button variant="contained" onClick={next} disabled={!canGoOn()}>
            {step === 'summary' ? (runner.starting ? 'Starting…' : 'Download') : 'Next'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
