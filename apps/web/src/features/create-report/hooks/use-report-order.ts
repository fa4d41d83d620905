import { useMemo, useState } from 'react';
import {
  addOnChoices,
  allowedMethodologiesByPriority,
  chooseMethodologies,
  isProviderUser,
  reportTypeChoices,
  upgradeAddOnChoices,
  upgradeTypeChoices,
  validateReportMethodologies,
  type ReportType,
  type TCurrentUser,
  type TReport,
} from '@riskatlas/domain';

/**
 * The report being ordered in the wizard — type, methodologies, add-ons, release — with what the
 * user is offered for each. In upgrade mode the choices start from the existing report: its type
 * and the ones above, its methodologies kept, and only the add-ons it lacks.
 */
export function useReportOrder(user: TCurrentUser, upgradeOf: TReport | null) {
  const account = user.account;
  const types = useMemo<ReportType[]>(
    () => (upgradeOf ? [upgradeOf.reportType, ...upgradeTypeChoices(upgradeOf.reportType, user)] : reportTypeChoices(user)),
    [upgradeOf, user],
  );
  const [reportType, setReportTypeState] = useState<ReportType | null>(null);
  const [methodologies, setMethodologies] = useState<number[]>([]);
  const [addOns, setAddOns] = useState<number[]>([]);
  const [release, setRelease] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const locked = upgradeOf?.methodologyTypeIds ?? [];

  const setReportType = (type: ReportType) => {
    setReportTypeState(type);
    const defaults = chooseMethodologies(type, account);
    setMethodologies(upgradeOf ? [...new Set([...upgradeOf.methodologyTypeIds, ...defaults])].slice(0, Math.max(upgradeOf.methodologyTypeIds.length, defaults.length)) : defaults);
    setAddOns([]);
    setError(null);
  };

  const addOnOptions = useMemo(() => {
    if (reportType === null) return [];
    return upgradeOf ? upgradeAddOnChoices(reportType, upgradeOf.features, user) : addOnChoices(reportType, user);
  }, [reportType, upgradeOf, user]);

  /** Checks step 1 with the methodology rules; false (with the message shown) when it cannot go on. */
  const validate = (): boolean => {
    if (reportType === null) {
      setError('Please choose a report type.');
      return false;
    }
    const result = validateReportMethodologies(methodologies, reportType, account, { isProvider: isProviderUser(user) });
    if (!result.ok) {
      setError(result.message);
      return false;
    }
    if (upgradeOf && reportType === upgradeOf.reportType && addOnOptions.length === 0) {
      setError('This report already has the highest report type and every add-on you may add.');
      return false;
    }
    setError(null);
    return true;
  };

  /** Back to an empty choice, as after a failed creation. */
  const reset = () => {
    setReportTypeState(null);
    setMethodologies([]);
    setAddOns([]);
    setError(null);
  };

  return {
    types,
    reportType,
    setReportType,
    methodologies,
    setMethodologies: (ids: number[]) => {
      setMethodologies(ids);
      setError(null);
    },
    allowedMethodologies: allowedMethodologiesByPriority(account.allowedMethodologies),
    lockedMethodologies: locked,
    addOnOptions,
    addOns,
    setAddOns,
    release,
    setRelease,
    error,
    setError,
    validate,
    reset,
  };
}

/** The report order's state and actions. */
export type ReportOrderState = ReturnType<typeof useReportOrder>;
