/**
 * User-facing messages. Some are fixed product wording and must stay exactly as written; the
 * rest are this product's own plain sentences.
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
  /** The inactivity warning. (A failed session check signs the user out with no message of its own.) */
  sessionWillExpire: 'Your session will expire soon due to inactivity.',
  sessionDisabled: 'Your session has been disabled. Please contact your account administrator.',
  /** Read-only accounts see an alert titled Account Maintenance. */
  accountMaintenanceTitle: 'Account Maintenance',
  accountMaintenanceBody:
    'Your account is undergoing maintenance. You can view your sites and reports, but changes are disabled until maintenance is complete.',
  /** An account under maintenance is closed: sign-in and every request are refused with this. */
  accountUnderMaintenance: 'Your account is undergoing maintenance. Please sign in again when maintenance is complete.',
  /** A file a long job produced could not be stored. */
  fileStorageError: 'The file could not be stored. Please try again.',
  /** Read-only users cannot comment on sites. */
  readOnlyComments: 'Read Only users cannot add comments.',
  /** The browser's geolocation was declined, unavailable or too slow. */
  geolocationDeclined: 'You declined to permit your location to be determined.',
  geolocationUnavailable: 'Your location could not be determined. Please try again.',
  geolocationTimeout: 'It took too long to determine your location. Please try again.',
  /** The location is outside every covered country. */
  locationNotScorable: 'The location is not scorable. Please verify coordinates and try again.',
  /** Geocoding found nothing scorable. */
  geocodeFailed: 'The address cannot be geocoded or is not scorable. Please modify address or provide coordinates and try again.',
  /** map/countyboundingbox outside every county (this product's words). */
  noCountyAtLocation: 'There is no county at this location.',
  /** places/details with an id search never gave (this product's words). */
  placeNotFound: 'The place was not found. Please search again.',
} as const;

/** "The {label} field has an issue. Please correct it and try again." */
export function fieldIssueMessage(label: string): string {
  return `The ${label} field has an issue. Please correct it and try again.`;
}
