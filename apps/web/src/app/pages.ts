import type { QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '@riskatlas/domain';
import { PageId } from '../lib/page-ids';
// Static: a chunk to fetch first would put the site list's request behind the shell's requests.
import { prefetchSitesPage } from '../features/sites/api/prefetch-sites-page';
import { preloadable, type PreloadableComponent } from './preloadable';

/** Which parts of the layout a page shows; each page chooses its own. */
interface PageLayout {
  navigation: boolean;
  userWidget: boolean;
  /** Reserved for the saved-filter selector; the shell places it when that feature lands. */
  filterSelector: boolean;
  /** Reserved for the Create Report button; the shell places it when the wizard lands. */
  createReport: boolean;
}

/**
 * A page of the app. `id` is the currentPage value; `title` is its name as users see it: the
 * heading and, after the product name, the document title. `access`: private pages need a session, public ones are the sign-in
 * flow, `any` shows either way.
 */
export interface PageDefinition {
  id: PageId;
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
 * Every page that exists today. Pages not built yet (Dashboard, Map View, Citywide Maps,
 * Import Sites, Batches, Purchase Licenses, Compare Sites, Manage Account…) are deliberately absent:
 * a link to them opens the default page, and no menu offers them.
 */
const PAGES: readonly PageDefinition[] = [
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
    id: PageId.FileDownloads,
    title: 'File Downloads',
    access: 'private',
    layout: { ...FULL, createReport: true },
    available: always,
    component: preloadable(() => import('../features/files/components/file-downloads-page')),
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

/** Page names compare without case, spaces, dashes or underscores ("file-downloads" = "File Downloads"). */
function normalise(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

const BY_NAME = new Map(PAGES.map((page) => [normalise(page.id), page]));

/** The page definition with this id (exact), for code that names pages. */
function pageById(id: string): PageDefinition {
  const page = BY_NAME.get(normalise(id));
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

/**
 * The page a currentPage value opens for this user: an unknown or unavailable page opens the
 * default page. `user` undefined means not signed in (availability is checked after sign-in).
 */
export function resolvePage(currentPage: string | undefined, user: TCurrentUser | null): PageDefinition {
  const found = currentPage ? BY_NAME.get(normalise(currentPage)) : undefined;
  if (!found) return defaultPage();
  if (found.access === 'private' && user && !found.available(user)) return defaultPage();
  return found;
}
