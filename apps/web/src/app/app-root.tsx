import { Suspense, useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { readPageState } from '@riskatlas/domain';
import { ErrorWithRetry } from '../components/error-with-retry';
import { PageSpinner } from '../components/page-spinner';
import { errorMessage } from '../lib/api-client';
import { onCurrentUserLoaded, useCurrentUser } from '../lib/api/current-user';
import { PRODUCT_NAME } from '../lib/app-version';
import { getCsrfToken } from '../lib/csrf';
import { currentSearch, goToPage, updatePageState } from '../lib/navigation';
import { PageId } from '../lib/page-ids';
import { usePageState } from '../lib/page-state';
import { rememberReturnTo, signOut } from '../lib/session-actions';
import { CookieBanner } from '../features/banners/components/cookie-banner';
import { resolvePage } from './pages';
import { preloadable } from './preloadable';
import { buildTheme } from './theme';

/**
 * The signed-in layout is its own chunk, so the sign-in pages load less. When this tab holds a
 * session token it is fetched at start-up, alongside GET users/current rather than after it.
 */
const SignedInApp = preloadable(() => import('./signed-in-app'));

/**
 * Starts loading the signed-in layout and the page the address names early when the tab is
 * probably signed in, so neither waits behind GET users/current nor suspends when it first shows.
 */
export function preloadSignedInApp(): void {
  if (getCsrfToken() === null) return;
  void SignedInApp.preload();
  const page = resolvePage(readPageState(currentSearch()), null);
  if (page.access === 'private') void page.component.preload();
}

function Unreachable({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', mt: 10, px: 2 }}>
      <ErrorWithRetry message={message} onRetry={onRetry} />
    </Box>
  );
}

/**
 * Chooses what to show from the URL and the session: the page the currentPage parameter names
 * (resolvePage: an unavailable one opens the default page, and the URL is corrected; an unknown
 * one a page saying so), Sign In for a
 * private page without a session (remembering the page to return to), and the signed-in shell.
 */
export function AppRoot() {
  const queryClient = useQueryClient();
  const userQuery = useCurrentUser();
  const user = userQuery.data;
  const pageState = usePageState({ signedIn: Boolean(user) });
  const page = resolvePage(pageState, user ?? null);
  const known = userQuery.isSuccess;
  const csrfMissing = Boolean(user) && page.access === 'private' && getCsrfToken() === null;
  const palette = user?.account.theme.palette;
  const dark = user?.account.theme.dark;
  const theme = useMemo(() => buildTheme(palette === undefined ? null : { palette, dark: dark ?? false }), [palette, dark]);

  // The product name plus the page's name as users know it (Sites is "Site Library").
  useEffect(() => {
    document.title = `${PRODUCT_NAME} - ${page.title}`;
  }, [page.title]);

  // The URL names the page actually shown, in its canonical spelling.
  useEffect(() => {
    if (!known) return;
    if (pageState.currentPage !== undefined && pageState.currentPage !== page.id) updatePageState({ currentPage: page.id }, { replace: true });
  }, [known, pageState.currentPage, page.id]);

  useEffect(() => {
    if (!known) return;
    if (page.access === 'private' && !user) {
      rememberReturnTo(currentSearch());
      goToPage(PageId.SignIn, {}, { replace: true });
    }
  }, [known, page.access, user]);

  // The page's first data is requested the moment GET users/current answers, before the shell
  // and the page have rendered (~50 ms with 100,000 sites to come); the page's queries pick it up.
  useEffect(
    () =>
      onCurrentUserLoaded(queryClient, (loaded) => {
        const state = readPageState(currentSearch());
        const target = resolvePage(state, loaded);
        if (target.access === 'private' && getCsrfToken() !== null) target.prefetch?.(queryClient, loaded, state.release);
      }),
    [queryClient],
  );

  // A session cookie without this tab's CSRF token (a new tab, cleared storage) cannot write:
  // sign out cleanly, so signing in again gives a fresh token, rather than failing on the first save.
  useEffect(() => {
    if (csrfMissing) void signOut(queryClient, 'sessionLost');
  }, [csrfMissing, queryClient]);

  let content;
  if (userQuery.isPending) content = <PageSpinner label="Starting RiskAtlas" />;
  else if (userQuery.isError) content = <Unreachable message={errorMessage(userQuery.error)} onRetry={() => void userQuery.refetch()} />;
  else if (user && page.access !== 'public' && !csrfMissing) {
    content = (
      <Suspense fallback={<PageSpinner />}>
        <SignedInApp user={user} page={page} />
      </Suspense>
    );
  }
  else if (page.access === 'public' || (page.access === 'any' && !user)) {
    const Page = page.component;
    content = (
      <Box component="main" id="main">
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </Box>
    );
  } else content = <PageSpinner />;

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {content}
      <CookieBanner signedIn={userQuery.isPending ? undefined : Boolean(user)} />
    </ThemeProvider>
  );
}
