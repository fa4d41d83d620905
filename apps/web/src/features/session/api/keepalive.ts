import { ZSessionInfo, type TSessionInfo } from '@riskatlas/domain';
import { apiFetch } from '../../../lib/api-client';

/** POST auth/keepalive: counts as activity on the server and renews the session. */
export function keepAlive(): Promise<TSessionInfo> {
  return apiFetch('auth/keepalive', { method: 'POST', schema: ZSessionInfo });
}
