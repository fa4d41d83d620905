import { Suspense, lazy, useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { PageSpinner } from '../components/page-spinner';
import { errorMessage } from '../lib/api-client';
import { useCurrentUser } from '../lib/api/current-user';
import { PRODUCT_NAME } from '../lib/app-version';
import { getCsrfToken } from '../lib/csrf';
import { currentSearch, goToPage, updatePageState } from '../lib/navigation';
import { PageId } from '../lib/page-ids';
import { usePageState } from '../lib/page-state';
import { rememberReturnTo, signOut } from '../lib/session-actions';
import { CookieBanner } from '../features/banners/components/cookie-banner';
import { resolvePage } from './pages';
import { buildTheme } from './theme';

/**
 * The signed-in layout is its own chunk, so the sign-in pages load less. When this tab holds a
 * session token it is fetched at start-up, alongside GET users/current rather than after it.
 */
const loadSignedInApp = () => import('./signed-in-app');
const SignedInApp = lazy(loadSignedInApp);

/** Starts loading the signed-in layout early when the tab is probably signed in. */
export function preloadSignedInApp(): void {
  if (getCsrfToken() !== null) void loadSignedInApp();
}

function Unreachable({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', mt: 10, px: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {message}
      </Alert>
    </Box>
  );
}

/**
 * Chooses what to show from the URL and the session: the page the currentPage parameter names
 * (an unknown or unavailable one opens the default page, and the URL is corrected), Sign In for a
 * private page without a session (remembering the page to return to), and the signed-in shell.
 */
export function AppRoot() {
  const queryClient = useQueryClient();
  const userQuery = useCurrentUser();
  const user = userQuery.data;
  const pageState = usePageState({ signedIn: Boolean(user) });
  const page = resolvePage(pageState.currentPage, user ?? null);
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
