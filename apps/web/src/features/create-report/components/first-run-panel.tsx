import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { mayAddSites, mayCreateBatches, mayCreateReports, type TCurrentUser } from '@riskatlas/domain';
import { EmptyState } from '../../../components/empty-state';
import { pageLinkProps } from '../../../components/page-link';
import { PageId } from '../../../lib/page-ids';
import { openCreateReport } from '../create-report-store';

/**
 * What an empty Site Library shows: what sites are, and the ways to get the first ones — add a
 * site, import a file of sites (users who may create many at once), or create a report (which adds
 * its site). Read-only users are offered none.
 */
export function FirstRunPanel({ user, onAddSite }: { user: TCurrentUser; onAddSite: () => void }) {
  const canAdd = mayAddSites(user);
  const canReport = mayCreateReports(user);
  const canImport = mayCreateBatches(user);
  return (
    <EmptyState
      icon={<PlaceOutlinedIcon />}
      title="Your site library is empty"
      action={
        canAdd || canReport ? (
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
            {canAdd ? (
              <Button variant="outlined" startIcon={<AddLocationAltOutlinedIcon />} onClick={onAddSite}>
                Add a site
              </Button>
            ) : null}
            {canImport ? (
              <Button variant="outlined" startIcon={<UploadFileOutlinedIcon />} {...pageLinkProps(PageId.ImportSites)}>
                Import a file of sites
              </Button>
            ) : null}
            {canReport ? (
              <Button variant="contained" startIcon={<AssessmentOutlinedIcon />} onClick={() => openCreateReport()}>
                Create a report
              </Button>
            ) : null}
          </Box>
        ) : null
      }
    >
      Sites are the locations, such as offices, stores or warehouses, that RiskAtlas scores for crime risk. Add a site to keep it in your library, import a
      spreadsheet of many, or create a report to add a site and score it in one go.
    </EmptyState>
  );
}
