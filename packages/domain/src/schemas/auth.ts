import { z } from 'zod';
import { Messages } from '../messages';
import { labelled, zId, zText } from './fields';

/** POST /api/auth/login body. */
export const ZLoginRequest = z.object({
  email: zText('E-mail address', { min: 1, max: 320, trim: true }).describe('The e-mail address the user signs in with'),
  password: z.string(labelled('Password')).min(1).max(1024).describe('The password, sent over TLS only'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/**
 * The cookie that carries the session's CSRF token to every tab of the app (readable by the page,
 * sent only to this site). The server never trusts it: the X-CSRF-Token header is checked against
 * the session.
 */
export const CSRF_COOKIE = 'ra_csrf';

/** POST /api/auth/login response; the session itself travels in an HttpOnly cookie. */
export const ZLoginResponse = z.object({
  csrfToken: z.string().describe(`Send in the X-CSRF-Token header on every cookie-authenticated write (the ${CSRF_COOKIE} cookie carries the same token)`),
  userId: z.number().int(),
  accountId: z.number().int(),
  sessionExpiration: z.number().describe('Minutes until the session expires'),
});
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** POST /api/auth/forgot body. */
export const ZForgotRequest = z.object({
  email: zText('E-mail address', { min: 1, max: 320, trim: true }).describe('Where to send the one-time reset link'),
});
export type TForgotRequest = z.infer<typeof ZForgotRequest>;

/** Minimum password length for new passwords. */
export const MIN_PASSWORD_LENGTH = 10;

/** POST /api/auth/reset body. */
export const ZResetRequest = z.object({
  token: zText('Reset link', { min: 16, max: 256, message: Messages.resetTokenInvalid }).describe('The one-time token from the reset e-mail'),
  password: z.string(labelled('Password')).min(MIN_PASSWORD_LENGTH, Messages.passwordTooShort).max(1024).describe('The new password'),
});
export type TResetRequest = z.infer<typeof ZResetRequest>;

/** POST /api/auth/impersonate body (provider staff only). */
export const ZImpersonateRequest = z.object({
  accountId: zId('Account id').describe('The customer account to act in'),
});
export type TImpersonateRequest = z.infer<typeof ZImpersonateRequest>;

/** A plain acknowledgement. */
export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;

/** A plain sentence for the user (forgot-password and reset answers). */
export const ZMessageResponse = z.object({
  message: z.string().describe('A sentence to show the user'),
});
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
