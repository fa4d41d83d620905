/**
 * User-facing messages. Where the specification gives the words, they are quoted exactly
 * (the spec section is named); the rest are this product's own plain sentences.
 */
export const Messages = {
  /** One message for any failed sign-in, so it never hints whether the e-mail exists. */
  invalidCredentials: 'The e-mail address or password is incorrect.',
  accountLocked: 'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
  userDisabled: 'Your user account has been disabled. Please contact your account administrator.',
  notAuthenticated: 'Not Authenticated',
  sessionExpired: 'Your session has expired. Please sign in again.',
  csrfFailed: 'Your session could not be verified. Please reload the page and try again.',
  forbidden: 'You do not have permission to do that.',
  readOnlyUser: 'Read Only users cannot make changes.',
  readOnlyAccount: 'This account is under maintenance and is read-only for now.',
  notFound: 'The requested item was not found.',
  internal: 'Something went wrong on our side. Please try again in a few moments.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  payloadTooLarge: 'The request is too large.',
  resetRequested: 'If an account exists for that e-mail address, a password reset link has been sent to it.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordChanged: 'Your password has been changed. Please sign in.',
  passwordTooShort: 'The password must be at least 10 characters long.',
  /** spec 1 §8 "Session check failure": the user is logged out (no message of its own). */
  sessionWillExpire: 'Your session will expire soon due to inactivity.',
  sessionDisabled: 'Your session has been disabled. Please contact your account administrator.',
  /** spec 1 §2 / spec 2 §4: read-only accounts see an alert titled Account Maintenance. */
  accountMaintenanceTitle: 'Account Maintenance',
  accountMaintenanceBody:
    'Your account is undergoing maintenance. You can view your sites and reports, but changes are disabled until maintenance is complete.',
  /** spec 1 §8 poll/file messages. */
  fileStorageError: 'The file could not be stored. Please try again.',
  /** spec 2 §5: a new password must differ and match its confirmation. */
  readOnlyComments: 'Read Only users cannot add comments.',
  /** spec 1 §8 */
  geolocationDeclined: 'You declined to permit your location to be determined.',
  geolocationUnavailable: 'Your location could not be determined. Please try again.',
  geolocationTimeout: 'It took too long to determine your location. Please try again.',
  /** spec 1 §5: the location is outside every covered country. */
  locationNotScorable: 'The location is not scorable. Please verify coordinates and try again.',
  /** spec 1 §5: geocoding found nothing scorable. */
  geocodeFailed: 'The address cannot be geocoded or is not scorable. Please modify address or provide coordinates and try again.',
  /** map/countyboundingbox outside every county (this product's words). */
  noCountyAtLocation: 'There is no county at this location.',
  /** places/details with an id search never gave (this product's words). */
  placeNotFound: 'The place was not found. Please search again.',
} as const;

/** "The {label} field has an issue. Please correct it and try again." (spec 1 §5). */
export function fieldIssueMessage(label: string): string {
  return `The ${label} field has an issue. Please correct it and try again.`;
}
