import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TBatchPreview } from '@riskatlas/domain';

function sites(count: number): string {
  return count === 1 ? '1 site' : `${count.toLocaleString()} sites`;
}

/** Step 1.5: what the batch would do with the selected sites — reports to create, sites that already have one, sites left out. */
export function StepBatchCheck({ preview, selected }: { preview: TBatchPreview; selected: number }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="batch-check">
      <Typography>
        {`${sites(selected)} selected: ${preview.count.toLocaleString()} ${preview.count === 1 ? 'report' : 'reports'} will be created.`}
      </Typography>
      {preview.duplicateReports > 0 ? (
        <Alert severity="warning">{`${sites(preview.duplicateReports)} already ${preview.duplicateReports === 1 ? 'has a report' : 'have reports'} for the current release year and will be left out.`}</Alert>
      ) : null}
      {preview.notScorableSiteIds.length > 0 ? <Alert severity="warning">{`${sites(preview.notScorableSiteIds.length)} cannot be scored and will be left out.`}</Alert> : null}
      {preview.notFoundSiteIds.length > 0 ? <Alert severity="warning">{`${sites(preview.notFoundSiteIds.length)} could not be found in your site library and will be left out.`}</Alert> : null}
      {preview.message ? (
        <Alert severity="error" role="alert">
          {preview.message}
        </Alert>
      ) : null}
    </Box>
  );
}
