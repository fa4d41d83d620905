import { useEffect } from 'react';
import { CURRENT_RELEASE } from '@riskatlas/domain';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/api/current-user';
import { updatePageState } from '../../../lib/navigation';
import { PageId } from '../../../lib/page-ids';
import { usePageState } from '../../../lib/page-state';
import { useSiteByReport } from '../api/get-site-by-report';
import { isNotFound, NoSite } from './no-site';
import { SiteDetail } from './site-detail';

/**
 * A report link (accountProductReportId): finds the report's site and rewrites the address to
 * that site, keeping the report id so the detail opens on that report's release.
 */
function ResolveReportLink({ accountProductReportId }: { accountProductReportId: number }) {
  const site = useSiteByReport(accountProductReportId);
  const siteId = site.data?.siteId;
  useEffect(() => {
    if (siteId !== undefined) updatePageState({ siteId, currentPage: PageId.Detail }, { replace: true });
  }, [siteId]);
  if (site.isError) {
    return isNotFound(site.error) ? (
      <NoSite title="Report not found">This report does not exist, or you do not have access to it.</NoSite>
    ) : (
      <ErrorWithRetry message={errorMessage(site.error)} onRetry={() => void site.refetch()} />
    );
  }
  return <PageSpinner label="Opening the report" />;
}

/**
 * The Detail page: one site's report in its report modes. The site comes from `siteId`, or from
 * `accountProductReportId` through the report's site. Keyed by the site, so switching sites
 * quickly shows only the latest one.
 */
export default function DetailPage() {
  const user = useSignedInUser();
  const state = usePageState({ signedIn: true });
  if (state.siteId === undefined) {
    if (state.accountProductReportId !== undefined) return <ResolveReportLink accountProductReportId={state.accountProductReportId} />;
    return <NoSite title="No site chosen">Open a site from the Site Library to see its report.</NoSite>;
  }
  return (
    <SiteDetail
      key={state.siteId}
      user={user}
      siteId={state.siteId}
      release={state.release ?? CURRENT_RELEASE}
      methodology={state.methodology}
      reportMode={state.reportMode}
      accountProductReportId={state.accountProductReportId}
    />
  );
}
