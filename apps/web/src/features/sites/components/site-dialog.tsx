import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BREAKPOINTS, isReportUpdatable, offersCreateNewReport, parseCountryCode, type TCurrentUser, type TSite } from '@riskatlas/domain';
import { openCreateReport } from '../../create-report';
import { useSiteFull } from '../api/get-site-full';
import { useRecordSiteView } from '../hooks/use-recently-viewed';
import { canEditSites } from './bulk-actions';
import { SiteCommentsPanel, commentBlocker } from './site-comments-panel';
import { SiteDetailsPanel } from './site-details-panel';

/** Which part of the site dialog shows. */
export type SiteDialogTab = 'details' | 'comments';

/**
 * A site opened from the library: the edit-site form and the site's comments. Opening a site
 * counts as viewing it (it joins the recently viewed sites).
 */
export function SiteDialog({ user, site, tab, onTab, onClose }: { user: TCurrentUser; site: TSite; tab: SiteDialogTab; onTab: (tab: SiteDialogTab) => void; onClose: () => void }) {
  const full = useSiteFull(site.siteId);
  const fullScreen = useMediaQuery(`(max-width:${BREAKPOINTS.mobile - 0.02}px)`);
  useRecordSiteView(site.siteId);

  const permissions = full.data?.permissions;
  const canEdit = permissions?.canEdit ?? canEditSites(user);
  const canComment = permissions?.canComment ?? (user.allowComments && !user.readOnlyMode);
  const comments = full.data?.commentsCount;
  const countryId = parseCountryCode(site.countryCode) ?? 1;
  const hasCurrentReport = full.data ? full.data.reports.some((report) => !isReportUpdatable(report.releaseYear, countryId)) : site.l !== null && !isReportUpdatable(site.l.r, countryId);
  return (
    <Dialog open onClose={onClose} aria-labelledby="site-dialog-title" maxWidth="sm" fullWidth fullScreen={fullScreen} scroll="paper">
      <DialogTitle id="site-dialog-title" sx={{ pb: 0, overflowWrap: 'anywhere' }}>
        {site.siteName}
      </DialogTitle>
      <Box sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_event, value: SiteDialogTab) => onTab(value)} aria-label="Site">
          <Tab value="details" label={canEdit ? 'Edit site' : 'Site'} id="site-tab-details" aria-controls="site-panel-details" />
          <Tab value="comments" label={comments === undefined ? 'Comments' : `Comments (${comments})`} id="site-tab-comments" aria-controls="site-panel-comments" />
        </Tabs>
      </Box>
      <DialogContent>
        <Box role="tabpanel" id={`site-panel-${tab}`} aria-labelledby={`site-tab-${tab}`}>
          {tab === 'details' ? (
            <SiteDetailsPanel
              key={site.siteId}
              site={site}
              full={full.data}
              canEdit={canEdit}
              readOnlyUser={user.readOnlyMode}
              externalIdLabel={full.data?.externalIDName || user.account.externalIDName || 'External ID'}
            />
          ) : (
            <SiteCommentsPanel siteId={site.siteId} blocker={commentBlocker({ readOnly: user.readOnlyMode, canComment })} />
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        {offersCreateNewReport(user, hasCurrentReport) ? (
          <Button
            onClick={() => {
              onClose();
              openCreateReport({ sites: [site], releaseYear: -1 });
            }}
          >
            Create New Report
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
