import { useMutation } from '@tanstack/react-query';
import { ZReportEmailResponse, type TReportEmailRequest, type TReportEmailResponse } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST reports/email: the report's PDF e-mailed to the recipients. */
function emailReport(request: TReportEmailRequest): Promise<TReportEmailResponse> {
  return apiFetch('reports/email', { body: request, schema: ZReportEmailResponse });
}

/** The e-mail dialog's mutation. */
export function useEmailReport() {
  return useMutation({ mutationFn: emailReport });
}
