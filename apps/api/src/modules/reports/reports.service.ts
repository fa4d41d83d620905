import {
  resolveReportMethodologies,
  type TValidateMethodologiesRequest,
  type TValidateMethodologiesResponse,
} from '@riskatlas/domain';
import { isStaff, type AuthContext } from '../auth/auth-context';

/**
 * POST reports/validatemethodologies: the methodologies a report of this type would use for this
 * caller — the requested ones, or the account defaults when none are named — checked against the
 * spec's rules (spec 1 §5) and the account's allowed methodologies. Provider staff and
 * impersonators need only one premium methodology (spec 1 §6).
 */
export function validateMethodologiesFor(auth: AuthContext, request: TValidateMethodologiesRequest): TValidateMethodologiesResponse {
  const { account } = auth;
  const result = resolveReportMethodologies(
    request.methodologyTypeIds,
    request.reportType,
    {
      allowedMethodologies: account.allowedMethodologies,
      defaultBasicMethodology: account.defaultBasicMethodology,
      defaultPremiumMethodology: account.defaultPremiumMethodology,
    },
    { isProvider: isStaff(auth) || auth.impersonating },
  );
  return result.ok
    ? { isValid: true, message: null, methodologyTypeIds: result.methodologyTypeIds }
    : { isValid: false, message: result.message, methodologyTypeIds: [] };
}
