import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  availableReportModes,
  chooseReportMethodology,
  CURRENT_RELEASE,
  methodologiesByPriority,
  parseCountryCode,
  pickReportForRelease,
  productDataOf,
  REPORT_MODE_NAMES,
  ReportMode,
  reportReleaseYears,
  type TCurrentUser,
} from '@riskatlas/domain';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PageHeader } from '../../../components/page-header';
import { pageLinkProps } from '../../../components/page-link';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { updatePageState } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { commentBlocker, SiteCommentsPanel, useRecordSiteView, useSiteFull } from '../../sites';
import { useSiteReports } from '../../../lib/api/site-reports';
import { ReportDownloadMenu } from '../../documents';
import { DetailMaps } from './detail-maps';
import { isNotFound, NoSite } from './no-site';
import { EditSiteDialog } from './edit-site-dialog';
import { hasModePanel, MODE_PANELS } from './mode-panels';
import { OutsideLinks } from './outside-links';
import { ReportControls } from './report-controls';
import { ScoresPanel } from './scores-panel';
import { SiteFacts } from './site-header';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The page state Detail reads, already checked. */
interface DetailState {
  siteId: number;
  release: number;
  methodology: number;
  reportMode: number | undefined;
  accountProductReportId: number | undefined;
}

/**
 * One site's Detail: its header and facts, the report of the chosen release in the report mode
 * chosen (scores by default), maps A and B, outside links and comments.
 */
export function SiteDetail({ user, ...state }: DetailState & { user: TCurrentUser }) {
  const full = useSiteFull(state.siteId);
  const reports = useSiteReports(state.siteId);
  const [editing, setEditing] = useState(false);
  // Only a site that loaded counts as viewed: a wrong id in the address must not join the list.
  useRecordSiteView(full.data ? state.siteId : null);

  const site = full.data?.site;
  const countryId = (site && parseCountryCode(site.countryCode)) ?? 1;
  const report = reports.data ? pickReportForRelease(reports.data, state.release, countryId) : undefined;
  const entries = report ? productDataOf(report) : [];
  const methodologies = methodologiesByPriority(entries.map((entry) => entry.methodologyType));
  const methodology = chooseReportMethodology(state.methodology, methodologies);
  const entry = entries.find((candidate) => candidate.methodologyType === methodology);
  const modeContext = site ? { report: report ?? null, site, account: user.account } : null;
  const modes = modeContext ? availableReportModes(modeContext).filter(hasModePanel) : [ReportMode.Scores];
  const mode = modes.find((item) => item === state.reportMode) ?? ReportMode.Scores;

  // A report link opens on that report's release; the id has done its work once the reports are in.
  const linkedRelease = state.accountProductReportId === undefined ? undefined : reports.data?.find((item) => item.accountProductReportId === state.accountProductReportId)?.releaseYear;
  const reportsLoaded = reports.data !== undefined;
  useEffect(() => {
    if (!reportsLoaded || state.accountProductReportId === undefined) return;
    updatePageState({ accountProductReportId: null, currentPage: PageId.Detail, ...(linkedRelease === undefined ? {} : { release: linkedRelease }) }, { replace: true });
  }, [reportsLoaded, linkedRelease, state.accountProductReportId]);

  // A mode that does not apply to this report returns to scores, and the address says so.
  const settled = reportsLoaded && site !== undefined;
  useEffect(() => {
    if (settled && state.reportMode !== undefined && state.reportMode !== mode) updatePageState({ reportMode: mode === ReportMode.Scores ? null : mode }, { replace: true });
  }, [settled, state.reportMode, mode]);

  if (full.isError) {
    return isNotFound(full.error) ? (
      <NoSite title="Site not found">{`There is no site ${state.siteId} in your Site Library, or you do not have access to it.`}</NoSite>
    ) : (
      <ErrorWithRetry message={errorMessage(full.error)} onRetry={() => void full.refetch()} />
    );
  }
  if (!full.data || !site) return <PageSpinner label="Loading the site" />;

  const ModePanel = mode === ReportMode.Scores ? undefined : MODE_PANELS[mode];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <PageHeader
        title={site.siteName}
        actions={
          <>
            <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
              {full.data.permissions.canEdit ? 'Edit site' : 'Site details'}
            </Button>
            <Button {...pageLinkProps(PageId.Sites, { siteId: null })} component="a">
              Site Library
            </Button>
          </>
        }
      />
      <SiteFacts full={full.data} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 360px' }, gap: 2, alignItems: 'start' }}>
        <Section title="Report" testId="detail-report">
          {reports.isError ? (
            <ErrorWithRetry message={errorMessage(reports.error)} onRetry={() => void reports.refetch()} />
          ) : !reports.data ? (
            <PageSpinner label="Loading the report" />
          ) : (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <ReportControls
                release={state.release}
                releaseYears={reportReleaseYears(reports.data)}
                onRelease={(release) => updatePageState({ release: release === CURRENT_RELEASE ? null : release })}
                methodology={methodology}
                methodologies={methodologies}
                onMethodology={(id) => updatePageState({ methodology: id })}
              />
              {!report ? (
                <Alert severity="info">
                  {reports.data.length === 0
                    ? 'This site has no reports yet.'
                    : state.release === CURRENT_RELEASE
                      ? 'This site has no report for the current release. Choose an earlier release above.'
                      : `This site has no report for the ${state.release} release. Choose another release above.`}
                </Alert>
              ) : (
                <>
                  {modes.length > 1 ? (
                    <Tabs value={mode} onChange={(_event, value: ReportMode) => updatePageState({ reportMode: value === ReportMode.Scores ? null : value })} variant="scrollable" aria-label="Report mode">
                      {modes.map((item) => (
                        <Tab key={item} value={item} label={REPORT_MODE_NAMES[item]} />
                      ))}
                    </Tabs>
                  ) : null}
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                    <Typography variant="body2" color="text.secondary">
                      {`${report.releaseYear} release · report ${report.accountProductReportId}`}
                    </Typography>
                    <ReportDownloadMenu report={{ ...report, methodologyTypeIds: methodologies }} siteName={site.siteName} impersonating={user.impersonationMode} />
                  </Box>
                  {ModePanel && methodology !== undefined ? (
                    <ModePanel site={site} report={report} methodology={methodology} />
                  ) : entry ? (
                    <ScoresPanel report={report} entry={entry} />
                  ) : (
                    <Alert severity="info">This report holds no scores.</Alert>
                  )}
                </>
              )}
            </Box>
          )}
        </Section>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)', xl: 'minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
          <Section title="Maps">
            <DetailMaps site={site} methodology={methodology} report={report} />
          </Section>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Section title="Further reading">
              <OutsideLinks site={site} countryId={countryId} releaseYear={report?.releaseYear} />
            </Section>
            <Section title="Comments" testId="detail-comments">
              <SiteCommentsPanel siteId={site.siteId} blocker={commentBlocker({ readOnly: user.readOnlyMode, canComment: full.data.permissions.canComment })} />
            </Section>
          </Box>
        </Box>
      </Box>
      {editing ? <EditSiteDialog full={full.data} user={user} onClose={() => setEditing(false)} /> : null}
    </Box>
  );
}
