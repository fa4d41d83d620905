import type { AuthContext } from './caller';
import type { AuditEntry } from '../platform/audit/audit.repository';

/**
 * Who acted, as an audit entry records it: the account, the user and, while provider staff
 * impersonate, that same user as the impersonator (their session acts in the customer's account).
 */
export function auditActor(auth: Pick<AuthContext, 'accountId' | 'userId' | 'impersonating'>, ip: string | null): Pick<AuditEntry, 'accountId' | 'actorUserId' | 'impersonatorUserId' | 'ip'> {
  return { accountId: auth.accountId, actorUserId: auth.userId, impersonatorUserId: auth.impersonating ? auth.userId : null, ip };
}
