/**
 * The currentPage value of every page that exists today (the registry in src/app/pages.ts maps
 * them to components). Features link to pages by these names without importing each other.
 */
export const PageId = {
  Sites: 'Sites',
  Map: 'Map',
  SelectMultipleSites: 'Select Multiple Sites',
  FileDownloads: 'File Downloads',
  Batches: 'Batches',
  ImportSites: 'Import Sites',
  Help: 'Help',
  Detail: 'Detail',
  SessionDisabled: 'Session Disabled',
  SignIn: 'Sign In',
  ForgotPassword: 'Forgot Password',
  ResetPassword: 'Reset Password',
} as const;
export type PageId = (typeof PageId)[keyof typeof PageId];

/**
 * The pages of the product that are not built yet, by their currentPage name. A link to one
 * opens a page saying it is not available yet, so a user who follows an old or shared link knows
 * why they do not see what they expected.
 */
const PLANNED_PAGES: readonly string[] = [
  'Dashboard',
  'Citywide Maps',
  'Create Citywide Map',
  'Edit Filters',
  'Sites - Edit Filters',
  'Compare Sites',
  'Manage Color Ranges',
  'Manage Map Icons',
  'View Report',
  'Purchase Licenses',
  'Manage Account',
  'Manage Users',
  'Edit User',
  'Manage User Groups',
  'Manage Classifications',
  'Manage Permission Filters',
  'Manage Tags',
  'View Transactions',
];

/** Page names compare without case, spaces, dashes or underscores ("file-downloads" = "File Downloads"). */
export function pageKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

const PLANNED_BY_KEY = new Map(PLANNED_PAGES.map((name) => [pageKey(name), name]));

/** The canonical name of the not-yet-built page a currentPage value names, or undefined. */
export function plannedPageName(name: string): string | undefined {
  return PLANNED_BY_KEY.get(pageKey(name));
}
