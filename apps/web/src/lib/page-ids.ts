/**
 * The currentPage value of every page that exists today (the registry in src/app/pages.ts maps
 * them to components). Features link to pages by these names without importing each other.
 */
export const PageId = {
  Sites: 'Sites',
  FileDownloads: 'File Downloads',
  Help: 'Help',
  SessionDisabled: 'Session Disabled',
  SignIn: 'Sign In',
  ForgotPassword: 'Forgot Password',
  ResetPassword: 'Reset Password',
} as const;
export type PageId = (typeof PageId)[keyof typeof PageId];
