/** The short notice the Sign In page shows after the app signed the user out. */
import { Messages } from '../messages';
import type { SessionVerdict } from './session-schedule';

export type SignOutReason = Extract<SessionVerdict, { action: 'logout' }>['reason'] | 'inactivity' | 'sessionLost' | 'userRequest';

/** The notice for a reason, or null when the user asked to sign out (no notice needed). */
export function signOutNotice(reason: SignOutReason): string | null {
  switch (reason) {
    case 'userRequest':
      return null;
    case 'expiring':
    case 'signedOut':
      return Messages.sessionExpired;
    case 'inactivity':
      return 'You were signed out because of inactivity. Please sign in again.';
    case 'maintenance':
      return `${Messages.accountMaintenanceTitle}: ${Messages.accountUnderMaintenance}`;
    case 'readOnlyChanged':
      return 'Your account access has changed. Please sign in again.';
    case 'checkFailed':
      return 'Your session could not be checked, so you were signed out. Please sign in again.';
    case 'sessionLost':
      return 'Your session needs to be renewed. Please sign in again.';
  }
}
