import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  formatCoordinateText,
  isCurrentReleaseRequest,
  isReportUpdatable,
  parseCountryCode,
  wizardModeFor,
  firstStepOf,
  type CountryId,
  type ReportType,
  type TBatchPreview,
  type TCreateSiteRequest,
  type TCurrentUser,
  type TSite,
  type WizardMode,
} from '@riskatlas/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { goToPage } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { useLatestReport } from '../api/get-latest-report';
import { useSiteEntry } from '../hooks/use-site-entry';
import { useReportOrder } from '../hooks/use-report-order';
import { useReleaseChoices } from '../hooks/use-release-choices';
import { useWizardSubmit } from '../hooks/use-wizard-submit';
import type { TSiteNearby } from '../types';
import { DuplicateSiteDialog } from './duplicate-site-dialog';
import { FailureDialog } from './failure-dialog';
import { SelectedSitesDialog } from './selected-sites-dialog';
import { SiteEntryForm } from './site-entry-form';
import { StepAddOns } from './step-add-ons';
import { StepBatchCheck } from './step-batch-check';
import { StepReportType } from './step-report-type';
import { StepSummary } from './step-summary';

/** The wizard's steps: 0 site entry, 1 report type, 1.5 batch pre-check, 2 add-ons, 3 summary. */
type WizardStep = 0 | 1 | 1.5 | 2 | 3;

const STEP_LABELS: Record<WizardStep, string> = { 0: 'Site', 1: 'Report type', 1.5: 'Check sites', 2: 'Add-ons', 3: 'Summary' };

function stepsOf(mode: WizardMode): WizardStep[] {
  if (mode === 'scratch') return [0, 1, 2, 3];
  if (mode === 'batch') return [1, 1.5, 2, 3];
  return [1, 2, 3];
}

function titleOf(mode: WizardMode, sites: readonly TSite[]): string {
  if (mode === 'upgrade') return `Upgrade the report of ${sites[0]?.siteName ?? 'the site'}`;
  if (mode === 'batch') return `Create reports for ${sites.length.toLocaleString()} sites`;
  if (mode === 'single') return `Create a report for ${sites[0]?.siteName ?? 'the site'}`;
  return 'Create a report';
}

/** The new site in one line: its name and address, or its coordinates when no address was typed. */
function newSiteLine(site: TCreateSiteRequest): string {
  const address = [site.street, site.city, site.state].filter(Boolean).join(', ');
  const place = address || (site.latitude != null && site.longitude != null ? formatCoordinateText(site.latitude, site.longitude) : '');
  return [site.siteName, place].filter(Boolean).join(', ');
}

function selectionOf(sites: readonly TSite[]) {
  return sites.map((site) => {
    const countryId = parseCountryCode(site.countryCode) ?? 1;
    return { reportType: site.l ? (site.l.p as ReportType) : null, updatable: site.l ? isReportUpdatable(site.l.r, countryId) : false };
  });
}

/**
 * The Create Report panel. Scratch mode (no site selected) starts with site entry; one site
 * gives a single report (or, when its report is current but can rise, an upgrade); several give a
 * batch, checked before anything is created. The summary shows the licences the work uses against
 * what the account has left, and stops when they are short. A failure returns to the report type
 * with the choice reset.
 */
export function CreateReportWizard(props: {
  user: TCurrentUser;
  sites: readonly TSite[];
  /** Where a new site starts: pinned, with its address read, as if the user had clicked there. */
  location?: { latitude: number; longitude: number } | undefined;
  onClose: () => void;
  /** Called after reports or sites were created: the library reloads. */
  onCreated: () => void;
  /** Called with a started batch's task, so its end reloads the library. */
  onBatchStarted: (taskStatusId: number) => void;
}) {
  const { user } = props;
  const phone = useMediaQuery('(max-width:539.95px)');
  const [sites, setSites] = useState<readonly TSite[]>(props.sites);
  const [mode, setMode] = useState<WizardMode>(() => wizardModeFor(selectionOf(props.sites), user));
  const [step, setStep] = useState<WizardStep>(() => firstStepOf(mode));
  const entry = useSiteEntry({ needsName: true });
  const { placePin } = entry;
  const startAt = props.location;
  // Pinned once, when the wizard opens at a point chosen elsewhere.
  useEffect(() => {
    if (startAt) placePin(startAt);
  }, [startAt, placePin]);
  const [newSite, setNewSite] = useState<{ site: TCreateSiteRequest; ignoreDuplicates: boolean } | null>(null);
  const [nearby, setNearby] = useState<{ site: TCreateSiteRequest; nearby: readonly TSiteNearby[] } | null>(null);
  const [showSelected, setShowSelected] = useState(false);
  const latest = useLatestReport(mode === 'upgrade' ? (sites[0]?.siteId ?? null) : null);
  const order = useReportOrder(user, mode === 'upgrade' ? (latest.data ?? null) : null);
  const countryId: CountryId | null = mode === 'scratch' ? (parseCountryCode(newSite?.site.countryCode ?? entry.address.countryCode) ?? null) : sites.length === 1 ? (parseCountryCode(sites[0]!.countryCode) ?? null) : null;
  const releases = useReleaseChoices(user, countryId, mode !== 'batch');
  const [preview, setPreview] = useState<TBatchPreview | null>(null);

  const steps = stepsOf(mode);
  const submit = useWizardSubmit({
    user,
    mode,
    sites,
    newSite,
    order,
    upgradeOf: latest.data ?? null,
    feeProductId: releases.feeProductFor(order.release),
    onSummary: step === 3,
    onDone: () => {
      props.onCreated();
      props.onClose();
    },
    onBatchStarted: (taskStatusId) => {
      props.onBatchStarted(taskStatusId);
      props.onClose();
    },
    onFailed: () => {
      order.reset();
      setPreview(null);
      setStep(1);
    },
  });

  const nextOf = (current: WizardStep): WizardStep => {
    if (current === 1 && mode === 'batch') return 1.5;
    if ((current === 1 || current === 1.5) && order.addOnOptions.length === 0) return 3;
    const index = steps.indexOf(current);
    return steps[Math.min(index + 1, steps.length - 1)]!;
  };

  const goBack = () => {
    if (step === 3 && order.addOnOptions.length === 0) setStep(mode === 'batch' ? 1.5 : 1);
    else setStep(steps[Math.max(0, steps.indexOf(step) - 1)]!);
  };

  const next = async () => {
    if (step === 0) {
      const result = await entry.check();
      if (result.kind === 'ready') {
        setNewSite({ site: result.site, ignoreDuplicates: false });
        setStep(1);
      } else if (result.kind === 'duplicates') setNearby({ site: result.site, nearby: result.nearby });
      return;
    }
    if (step === 1) {
      if (!order.validate()) return;
      if (mode === 'batch') {
        const checked = await submit.preview(false);
        if (!checked) return;
        setPreview(checked);
      }
      setStep(nextOf(1));
      return;
    }
    setStep(nextOf(step));
  };

  /** The duplicate chosen in step 0: the wizard leaves scratch mode and reports on that site. */
  const selectDuplicate = (site: TSiteNearby) => {
    setNearby(null);
    setSites([site]);
    const chosenMode = wizardModeFor(selectionOf([site]), user);
    setMode(chosenMode);
    order.reset();
    setStep(1);
  };

  const onRelease = (release: number) => {
    order.setRelease(release);
    // Upgrading works on the current release: choosing another year orders a new report instead.
    if (mode === 'upgrade' && !isCurrentReleaseRequest(release)) {
      setMode('single');
      order.reset();
    }
  };

  const batchBlocked = step === 1.5 && preview !== null && (preview.message !== null || preview.count === 0);
  const busy = entry.busy || submit.busy || (mode === 'upgrade' && latest.isPending);
  const activeIndex = steps.indexOf(step);
  const summaryLines = useMemo(() => submit.summaryLines(), [submit]);

  return (
    <>
      <Dialog open onClose={busy ? undefined : props.onClose} aria-labelledby="create-report-title" maxWidth="md" fullWidth fullScreen={phone}>
        <DialogTitle id="create-report-title">{titleOf(mode, sites)}</DialogTitle>
        <DialogContent>
          <Stepper activeStep={activeIndex} alternativeLabel={!phone} orientation="horizontal" sx={{ mb: 3 }}>
            {steps.map((item) => (
              <Step key={item}>
                <StepLabel>{phone && item !== step ? '' : STEP_LABELS[item]}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {mode === 'batch' ? (
            <Button size="small" onClick={() => setShowSelected(true)} sx={{ mb: 1 }}>
              {`See the ${sites.length.toLocaleString()} selected sites`}
            </Button>
          ) : null}
          {mode === 'upgrade' && latest.isError ? <Alert severity="error">The report to upgrade could not be read. Close the panel and try again.</Alert> : null}
          {step === 0 ? <SiteEntryForm entry={entry} siteFields externalIdLabel={user.account.externalIDName || 'External ID'} /> : null}
          {step === 1 ? (
            <StepReportType
              types={order.types}
              reportType={order.reportType}
              onReportType={order.setReportType}
              currentType={mode === 'upgrade' ? (latest.data?.reportType ?? null) : null}
              methodologies={order.methodologies}
              allowedMethodologies={order.allowedMethodologies}
              lockedMethodologies={order.lockedMethodologies}
              onMethodologies={order.setMethodologies}
              releases={releases.choices}
              release={order.release}
              onRelease={onRelease}
              releaseNote={mode === 'upgrade' && releases.choices.length > 0 ? 'Choosing a release other than the current one or Default creates a new report instead of upgrading.' : null}
              error={order.error}
            />
          ) : null}
          {step === 1.5 && preview ? <StepBatchCheck preview={preview} selected={sites.length} /> : null}
          {step === 2 ? <StepAddOns choices={order.addOnOptions} chosen={order.addOns} onChosen={order.setAddOns} /> : null}
          {step === 3 ? <StepSummary submit={submit} lines={summaryLines} impersonating={user.impersonationMode} /> : null}
          {submit.error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {submit.error}
            </Alert>
          ) : null}
          {mode === 'scratch' && step > 0 && newSite ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {`New site: ${newSiteLine(newSite.site)}`}
            </Typography>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={props.onClose} disabled={busy}>
            Cancel
          </Button>
          {activeIndex > 0 ? (
            <Button onClick={goBack} disabled={busy}>
              Back
            </Button>
          ) : null}
          {step === 3 ? (
            <Button variant="contained" onClick={() => submit.create()} disabled={busy || !submit.canCreate}>
              {submit.busy ? 'Creating…' : mode === 'upgrade' ? 'Upgrade report' : mode === 'batch' ? 'Create reports' : 'Create report'}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => void next()} disabled={busy || batchBlocked || (step === 1 && order.types.length === 0)}>
              {busy ? 'Checking…' : 'Next'}
            </Button>
          )}
        </DialogActions>
      </Dialog>
      <DuplicateSiteDialog
        nearby={nearby?.nearby ?? []}
        busy={false}
        onSelect={selectDuplicate}
        onOpen={(site) => {
          props.onClose();
          goToPage(PageId.Sites, { siteId: site.siteId });
        }}
        onCreateAnyway={() => {
          if (!nearby) return;
          setNewSite({ site: nearby.site, ignoreDuplicates: true });
          setNearby(null);
          setStep(1);
        }}
        onClose={() => setNearby(null)}
      />
      <SelectedSitesDialog open={showSelected} sites={sites} onClose={() => setShowSelected(false)} />
      <ConfirmDialog
        open={submit.confirm !== null}
        title={submit.confirm?.title ?? ''}
        confirmLabel="Proceed"
        busy={submit.busy}
        onConfirm={submit.proceed}
        onClose={submit.cancelConfirm}
      >
        {submit.confirm?.message ?? ''}
      </ConfirmDialog>
      <FailureDialog message={submit.failure} onClose={submit.dismissFailure} />
    </>
  );
}
