import type { QueryClient } from '@tanstack/react-query';
import { mayCreateBatches, type PageState, type TCurrentUser } from '@riskatlas/domain';
import { PageId, pageKey, plannedPageName } from '../lib/page-ids';
// Static: a chunk to fetch first would put the site list's request behind the shell's requests.
import { prefetchSitesPage } from '../features/sites/api/prefetch-sites-page';
import { prefetchDetailPage } from '../features/detail/api/prefetch-detail-page';
import { preloadable, type PreloadableComponent } from './preloadable';

/** Which parts of the layout a page shows; each page chooses its own. */
interface PageLayout {
  navigation: boolean;
  userWidget: boolean;
  /** Reserved for the saved-filter selector; the shell places it when that feature lands. */
  filterSelector: boolean;
  /** Shows the Create Report button (to users who may create reports). */
  createReport: boolean;
}

/**
 * A page of the app. `id` is the currentPage value; `title` is its name as users see it: the
 * heading and, after the product name, the document title. `access`: private pages need a session, public ones are the sign-in
 * flow, `any` shows either way.
 */
export interface PageDefinition {
  /** A PageId, or for a page that does not exist (yet) the name the address gave. */
  id: string;
  title: string;
  access: 'private' | 'public' | 'any';
  layout: PageLayout;
  /** Whether this user may open the page; otherwise the default page opens. */
  available: (user: TCurrentUser) => boolean;
  component: PreloadableComponent;
  /**
   * Starts loading what the page shows first, as soon as the user is known: in parallel with the
   * shell's own requests and the page's code, instead of after the page has rendered. The release
   * year is the one the address names (-1 the current release).
   */
  prefetch?: (queryClient: QueryClient, user: TCurrentUser, releaseYear: number) => void;
}

const FULL: PageLayout = { navigation: true, userWidget: true, filterSelector: false, createReport: false };
const BARE: PageLayout = { navigation: false, userWidget: false, filterSelector: false, createReport: false };
const always = () => true;


/**
 * Every page that exists today. Pages not built yet (Dashboard, Citywide Maps,
 * Purchase Licenses, Compare Sites, Manage Account…) are deliberately absent:
 * no menu offers them, and a link to them opens a page saying they are not available yet.
 */
const PAGES: readonly (PageDefinition & { id: PageId })[] = [
  {
    id: PageId.Sites,
    title: 'Site Library',
    access: 'private',
    layout: { ...FULL, filterSelector: true, createReport: true },
    available: always,
    component: preloadable(() => import('../features/sites/components/sites-page')),
    prefetch: prefetchSitesPage,
  },
  {
    id: PageId.Map,
    title: 'Map',
    access: 'private',
    layout: { ...FULL, createReport: true },
    available: always,
    component: preloadable(() => import('../features/map/components/map-page')),
  },
  {
    id: PageId.SelectMultipleSites,
    title: 'Select Multiple Sites',
    access: 'private',
    layout: FULL,
    available: always,
    component: preloadable(() => import('../features/map/components/select-multiple-sites-page')),
  },
  {
    id: PageId.Detail,
    title: 'Detail',
    access: 'private',
    layout: { ...FULL, createReport: true },
    available: always,
    component: preloadable(() => import('../features/detail/components/detail-page')),
    prefetch: prefetchDetailPage,
  },
  {
    id: PageId.FileDownloads,
    title: 'File Downloads',
    access: 'private',
    layout: { ...FULL, createReport: true },
    available: always,
    component: preloadable(() => import('../features/files/components/file-downloads-page')),
  },
  {
    id: PageId.Batches,
    title: 'Batches',
    access: 'private',
    layout: { ...FULL, createReport: true },
    available: always,
    component: preloadable(() => import('../features/batches/components/batches-page')),
  },
  {
    id: PageId.ImportSites,
    title: 'Import Sites',
    access: 'private',
    // The import has its own way to create reports (batch mode): no Create Report button.
    layout: FULL,
    available: mayCreateBatches,
    component: preloadable(() => import('../features/import-sites/components/import-sites-page')),
  },
  {
    id: PageId.Help,
    title: 'Help & Support',
    access: 'private',
    layout: FULL,
    available: always,
    component: preloadable(() => import('../features/help/components/help-page')),
  },
  {
    id: PageId.SessionDisabled,
    title: 'Session Disabled',
    access: 'any',
    layout: BARE,
    available: always,
    component: preloadable(() => import('../features/session/components/session-disabled-page')),
  },
  {
    id: PageId.SignIn,
    title: 'Sign In',
    access: 'public',
    layout: BARE,
    available: always,
    component: preloadable(() => import('../features/auth/components/sign-in-page')),
  },
  {
    id: PageId.ForgotPassword,
    title: 'Forgot Password',
    access: 'public',
    layout: BARE,
    available: always,
    component: preloadable(() => import('../features/auth/components/forgot-password-page')),
  },
  {
    id: PageId.ResetPassword,
    title: 'Reset Password',
    access: 'public',
    layout: BARE,
    available: always,
    component: preloadable(() => import('../features/auth/components/reset-password-page')),
  },
];

const BY_NAME = new Map(PAGES.map((page) => [pageKey(page.id), page]));

/** The page definition with this id (exact), for code that names pages. */
function pageById(id: string): PageDefinition {
  const page = BY_NAME.get(pageKey(id));
  if (!page) throw new Error(`No page named ${id}`);
  return page;
}

/**
 * The default page: Sites. (Dashboard is the default with modules access once it exists; until
 * then those accounts land on Sites too.)
 */
function defaultPage(): PageDefinition {
  return pageById(PageId.Sites);
}

const MissingPage = preloadable(() => import('./missing-page'));
const missingPages = new Map<string, PageDefinition>();

/**
 * The page shown for a currentPage value that names no page of today: one saying the page is not
 * available yet (a page of the product still to be built, named in its canonical spelling) or does
 * not exist, with the navigation and a way back to the Site Library. Private, so a visitor signs in
 * first and then learns which it is. Made once per name, so the page keeps its identity.
 */
function missingPage(name: string, planned: boolean): PageDefinition {
  let page = missingPages.get(name);
  if (!page) {
    page = { id: name, title: planned ? name : 'Page Not Found', access: 'private', layout: FULL, available: always, component: MissingPage };
    missingPages.set(name, page);
  }
  return page;
}

/**
 * The page the address opens for this user. No page named, or a page this user may not open,
 * opens the default page, and so does a report page without a report to show. A name of a page
 * not built yet, or of no page at all, opens a page that says so. `user` null means not signed
 * in (availability is checked after sign-in).
 */
export function resolvePage(state: Pick<PageState, 'currentPage' | 'reportId'> & Partial<Pick<PageState, 'accountProductReportId'>>, user: TCurrentUser | null): PageDefinition {
  const name = state.currentPage?.trim();
  // A report link opens that report's site on Detail, whatever page it names.
  if (state.accountProductReportId !== undefined) return pageById(PageId.Detail);
  if (!name) return defaultPage();
  const found = BY_NAME.get(pageKey(name));
  if (found) return found.access === 'private' && user && !found.available(user) ? defaultPage() : found;
  const planned = plannedPageName(name);
  if (planned === 'View Report' && state.reportId === undefined) return defaultPage();
  return missingPage(planned ?? name, planned !== undefined);
}
