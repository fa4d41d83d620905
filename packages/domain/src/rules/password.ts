/** New-password checks the client makes before sending (the server checks again). */
import { Messages } from '../messages';
import { MIN_PASSWORD_LENGTH } from '../schemas/auth';

/** Shown when the confirmation differs from the new password. */
export const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match.';

/** The problem with a new password and its confirmation, or null when both are acceptable. */
export function newPasswordProblem(password: string, confirmation: string): { field: 'password' | 'confirmation'; message: string } | null {
  if (password.length < MIN_PASSWORD_LENGTH) return { field: 'password', message: Messages.passwordTooShort };
  if (password !== confirmation) return { field: 'confirmation', message: PASSWORDS_DO_NOT_MATCH };
  return null;
}
