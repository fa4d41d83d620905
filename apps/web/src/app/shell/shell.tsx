import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import MenuIcon from '@mui/icons-material/Menu';
import AddchartOutlinedIcon from '@mui/icons-material/AddchartOutlined';
import { mayCreateReports, type TCurrentUser } from '@riskatlas/domain';
import { openCreateReport } from '../../features/create-report/create-report-store';
import { useSitesChanged } from '../../features/sites/hooks/use-sites-changed';
import { PRODUCT_NAME } from '../../lib/app-version';
import { goToPage, pageHref } from '../../lib/navigation';
import { PageId } from '../../lib/page-ids';
import { useLayoutMode } from '../../lib/viewport';
import { MaintenanceAlert } from '../../features/banners/components/maintenance-alert';
import { WarningBanner } from '../../features/banners/components/warning-banner';
import { ImpersonationBanner } from '../../features/impersonation/components/impersonation-banner';
import { NotificationsButton } from '../../features/tasks/components/notifications-button';
import type { PageDefinition } from '../pages';
import { Footer } from './footer';
import { SideNav } from './side-nav';
import { UserMenu } from './user-menu';
import { useSideNavExpanded } from './use-side-nav-expanded';

function ProductMark() {
  return (
    <>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
      <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
        {PRODUCT_NAME}
      </Typography>
    </>
  );
}

/** Staff only, and only once opened: loaded on demand. */
const ActAsCustomerDialog = lazy(() =>
  import('../../features/impersonation/components/act-as-customer-dialog').then((module) => ({ default: module.ActAsCustomerDialog })),
);

/** The Create Report panel: loaded after the page, so the first paint does not wait for it. */
const CreateReportHost = lazy(() => import('../../features/create-report/components/create-report-host').then((module) => ({ default: module.CreateReportHost })));

/** The download wizard: loaded after the page, like the Create Report panel. */
const DownloadWizardHost = lazy(() => import('../../features/download-wizard/components/download-wizard-host').then((module) => ({ default: module.DownloadWizardHost })));

/**
 * The signed-in layout: app bar (navigation button, product name, notifications, user menu),
 * banners, side navigation, the page, the footer. Which parts show is the page's choice.
 */
export function Shell({ user, page, children }: { user: TCurrentUser; page: PageDefinition; children: ReactNode }) {
  const layout = useLayoutMode();
  const [expanded, toggleExpanded] = useSideNavExpanded();
  const [slideOverOpen, setSlideOverOpen] = useState(false);
  const [actAsOpen, setActAsOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const previousPage = useRef(page.id);

  // After a page switch, focus moves to the new page so screen readers announce it.
  useEffect(() => {
    if (previousPage.current === page.id) return;
    previousPage.current = page.id;
    main.current?.focus({ preventScroll: true });
    window.scrollTo?.(0, 0);
  }, [page.id]);

  const showNav = page.layout.navigation;
  const sitesChanged = useSitesChanged();
  const canCreateReports = mayCreateReports(user);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { left: 8, top: 8 },
        }}
      >
        Skip to main content
      </Link>
      <AppBar position="sticky" elevation={1}>
        <Toolbar sx={{ gap: 1, minHeight: { xs: 56 } }} variant={layout.compact ? 'dense' : 'regular'}>
          {showNav && layout.sideNav === 'slideOver' ? (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open navigation"
              aria-expanded={slideOverOpen}
              onClick={() => setSlideOverOpen(true)}
              data-testid="side-nav-open"
            >
              <MenuIcon />
            </IconButton>
          ) : null}
          {showNav ? (
            <Link
              href={pageHref(PageId.Sites)}
              color="inherit"
              underline="none"
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
                goToPage(PageId.Sites);
              }}
              sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
              aria-label={`${PRODUCT_NAME} home`}
            >
              <ProductMark />
            </Link>
          ) : (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <ProductMark />
            </Box>
          )}
          <Box sx={{ flex: 1 }} />
          {page.layout.createReport && canCreateReports ? (
            layout.mobile ? (
              // A phone's app bar has no room for the label beside the product name.
              <IconButton color="inherit" aria-label="Create Report" onClick={() => openCreateReport()}>
                <AddchartOutlinedIcon />
              </IconButton>
            ) : (
              <Button color="inherit" variant="outlined" size="small" startIcon={<AddchartOutlinedIcon />} onClick={() => openCreateReport()} sx={{ whiteSpace: 'nowrap' }}>
                Create Report
              </Button>
            )
          ) : null}
          {page.layout.userWidget ? (
            <>
              <NotificationsButton />
              <UserMenu user={user} compact={layout.compact} onActAsCustomer={() => setActAsOpen(true)} />
            </>
          ) : null}
        </Toolbar>
      </AppBar>
      {user.impersonationMode ? <ImpersonationBanner company={user.account.company} /> : null}
      {user.account.readOnly ? <MaintenanceAlert /> : null}
      <WarningBanner content={user.account.warningBanner} />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {showNav ? (
          <SideNav
            user={user}
            currentPage={page.id}
            mode={layout.sideNav}
            expanded={expanded}
            onToggleExpanded={toggleExpanded}
            slideOverOpen={slideOverOpen}
            onCloseSlideOver={() => setSlideOverOpen(false)}
          />
        ) : null}
        <Box
          component="main"
          id="main"
          ref={main}
          tabIndex={-1}
          aria-label={page.title}
          sx={{ flex: 1, minWidth: 0, p: layout.mobile ? 1.5 : layout.compact ? 2 : 3, outline: 'none' }}
        >
          {children}
        </Box>
      </Box>
      {/* Pages without navigation (Session Disabled) offer no way to other pages. */}
      {showNav ? <Footer /> : null}
      {canCreateReports ? (
        <Suspense fallback={null}>
          <CreateReportHost user={user} onSitesChanged={() => void sitesChanged()} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <DownloadWizardHost user={user} />
      </Suspense>
      {user.capMode && actAsOpen ? (
        <Suspense fallback={null}>
          <ActAsCustomerDialog open onClose={() => setActAsOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
