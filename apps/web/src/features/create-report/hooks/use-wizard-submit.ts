import { useEffect, useState } from 'react';
import {
  BatchMessages,
  duplicatesConfirmMessage,
  licenceShortfalls,
  methodologyOf,
  newReportLicences,
  productName,
  REPORT_TYPE_NAMES,
  upgradeLicences,
  WizardMessages,
  ZBatchPreview,
  type LicenceNeeds,
  type TBatchPreview,
  type TBatchRequest,
  type TBatchShortfall,
  type TCreateSiteRequest,
  type TCurrentUser,
  type TReport,
  type TSite,
  type WizardMode,
} from '@riskatlas/domain';
import { useNotify } from '../../../components/notifier';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { previewBatch, startBatch } from '../api/batch-reports';
import { createReport } from '../api/create-report';
import { useRemainingLicences } from '../api/get-licenses';
import { upgradeReport } from '../api/upgrade-report';
import type { ReportOrderState } from './use-report-order';

/**
 * Sending the wizard's order: the batch preview, the licences the summary shows (the preview's
 * count for a batch, the same rules as the server's for one report or upgrade), the 'Proceed'
 * confirmation when a batch meets duplicates, and the outcome — a notice, or the Error dialog
 * and a return to step 1.
 */
export function useWizardSubmit(input: {
  user: TCurrentUser;
  mode: WizardMode;
  sites: readonly TSite[];
  newSite: { site: TCreateSiteRequest; ignoreDuplicates: boolean } | null;
  order: ReportOrderState;
  upgradeOf: TReport | null;
  feeProductId: number | null;
  /** The summary is showing: only then are licences counted (a batch preview of many sites is not free). */
  onSummary: boolean;
  onDone: () => void;
  onBatchStarted: (taskStatusId: number) => void;
  onFailed: () => void;
}) {
  const { mode, order } = input;
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sendEmail, setSendEmail] = useState(false);
  const [confirm, setConfirm] = useState<{ title: string; message: string } | null>(null);
  // The preview with the order it was made for, so a changed order never shows an older count.
  const [counted, setCounted] = useState<{ key: string; preview: TBatchPreview | null } | null>(null);
  const onSummary = input.onSummary && order.reportType !== null;
  const remaining = useRemainingLicences(onSummary);

  const batchRequest = (withAddOns: boolean): TBatchRequest => ({
    siteIds: input.sites.map((site) => site.siteId),
    reportType: order.reportType ?? 0,
    methodologyTypeIds: order.methodologies,
    addOnProducts: withAddOns ? order.addOns : [],
    sendEmailNotification: sendEmail,
  });

  // The summary of a batch counts its licences with the server's preview, add-ons included.
  const orderKey = `${order.reportType}|${order.methodologies.join(',')}|${order.addOns.join(',')}|${input.sites.length}`;
  const fullPreview = counted?.key === orderKey ? counted.preview : null;
  useEffect(() => {
    if (mode !== 'batch' || !onSummary) return;
    let live = true;
    previewBatch(batchRequest(true)).then(
      (answer) => live && setCounted({ key: orderKey, preview: answer }),
      (cause: unknown) => {
        if (!live) return;
        setCounted({ key: orderKey, preview: null });
        setError(errorMessage(cause));
      },
    );
    return () => {
      live = false;
    };
    // batchRequest reads the order; the order's parts are the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, onSummary, orderKey]);

  const needs: LicenceNeeds | null = (() => {
    if (order.reportType === null) return null;
    if (mode === 'batch') return fullPreview?.licensesByProduct ?? null;
    if (mode === 'upgrade') return input.upgradeOf ? upgradeLicences({ fromType: input.upgradeOf.reportType, toType: order.reportType, addOnProducts: order.addOns }) : null;
    return newReportLicences({ reportType: order.reportType, addOnProducts: order.addOns, reports: 1, backdateFeeProductId: input.feeProductId });
  })();
  const shortfalls: TBatchShortfall[] =
    mode === 'batch' ? (fullPreview?.shortfalls ?? []) : needs && remaining.data ? licenceShortfalls(needs, remaining.data) : [];

  const fail = (cause: unknown) => {
    setFailure(`${mode === 'batch' ? BatchMessages.batchFailed : mode === 'upgrade' ? WizardMessages.upgradeFailed : BatchMessages.reportFailed}${errorMessage(cause)}`);
    setConfirm(null);
    input.onFailed();
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (cause) {
      fail(cause);
    } finally {
      setBusy(false);
    }
  };

  const launchBatch = (ignoreCounts: boolean) =>
    run(async () => {
      try {
        const started = await startBatch({ request: batchRequest(true), ignoreCounts });
        setConfirm(null);
        notify({ message: `Creating ${started.reportsTotal.toLocaleString()} ${started.reportsTotal === 1 ? 'report' : 'reports'}. The Site Library shows the progress.`, severity: 'info' });
        input.onBatchStarted(started.taskStatusId);
      } catch (cause) {
        // Duplicates the preview did not know of (sites reported on meanwhile): ask again.
        const again = isApiError(cause) && cause.status === 409 ? ZBatchPreview.safeParse(cause.details?.['preview'] ?? cause.details) : null;
        if (again?.success) {
          setConfirm({ title: BatchMessages.duplicatesConfirmTitle, message: duplicatesConfirmMessage(again.data.duplicateReports, input.sites.length) });
          return;
        }
        throw cause;
      }
    });

  const create = () => {
    if (shortfalls.length > 0 || order.reportType === null) return;
    const reportType = order.reportType;
    if (mode === 'batch') {
      const duplicates = fullPreview?.duplicateReports ?? 0;
      if (duplicates > 0) setConfirm({ title: BatchMessages.duplicatesConfirmTitle, message: duplicatesConfirmMessage(duplicates, input.sites.length) });
      else void launchBatch(false);
      return;
    }
    void run(async () => {
      if (mode === 'upgrade' && input.upgradeOf) {
        await upgradeReport({
          accountProductReportId: input.upgradeOf.accountProductReportId,
          reportType,
          methodologyTypeIds: order.methodologies,
          addOnProducts: order.addOns,
          sendReportEmail: sendEmail,
        });
        notify({ message: sendEmail ? WizardMessages.reportCreatedEmail : WizardMessages.reportCreated, severity: 'success' });
        input.onDone();
        return;
      }
      const site = mode === 'scratch' ? (input.newSite?.site ?? {}) : { siteId: input.sites[0]!.siteId };
      await createReport({
        report: { ...site, reportType, methodologyTypeIds: order.methodologies, addOnProducts: order.addOns, releaseYear: order.release === -1 ? null : order.release },
        sendReportEmail: sendEmail,
        ignoreDuplicates: input.newSite?.ignoreDuplicates ?? false,
      });
      notify({ message: sendEmail ? WizardMessages.reportCreatedEmail : WizardMessages.reportCreated, severity: 'success' });
      input.onDone();
    });
  };

  /** The batch check of step 1.5 (without add-ons); null when it failed (the message is shown). */
  const preview = async (withAddOns: boolean): Promise<TBatchPreview | null> => {
    setBusy(true);
    setError(null);
    try {
      return await previewBatch(batchRequest(withAddOns));
    } catch (cause) {
      setError(errorMessage(cause));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const summaryLines = (): string[] => {
    if (order.reportType === null) return [];
    const typeName = REPORT_TYPE_NAMES[order.reportType];
    const what =
      mode === 'batch'
        ? `${typeName} reports for ${(fullPreview?.count ?? input.sites.length).toLocaleString()} sites`
        : mode === 'upgrade'
          ? `Upgrade to ${typeName} for ${input.sites[0]?.siteName ?? 'the site'}`
          : `${typeName} report for ${mode === 'scratch' ? (input.newSite?.site.siteName ?? 'the new site') : (input.sites[0]?.siteName ?? 'the site')}`;
    const methodologies = `Methodologies: ${order.methodologies.map((id) => methodologyOf(id)?.name ?? `Methodology ${id}`).join(', ')}`;
    const addOns = order.addOns.length > 0 ? `Add-ons: ${order.addOns.map(productName).join(', ')}` : 'No add-ons';
    const release = order.release > 0 ? `Release year: ${order.release}` : 'Release year: the current release';
    return [what, methodologies, addOns, release];
  };

  return {
    busy,
    error,
    failure,
    dismissFailure: () => setFailure(null),
    sendEmail,
    setSendEmail,
    needs,
    remaining: remaining.data ?? null,
    loading: (onSummary && remaining.isPending) || (mode === 'batch' && counted?.key !== orderKey),
    shortfalls,
    canCreate: shortfalls.length === 0 && needs !== null,
    confirm,
    proceed: () => void launchBatch(true),
    cancelConfirm: () => setConfirm(null),
    preview,
    create,
    summaryLines,
  };
}

/** The submit state the summary reads. */
export type WizardSubmit = ReturnType<typeof useWizardSubmit>;
