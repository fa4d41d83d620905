import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { pageLinkProps } from '../components/page-link';
import { useQueryParam } from '../lib/navigation';
import { PageId, plannedPageName } from '../lib/page-ids';

/** Longer names (a pasted address, a typo run wild) are cut: the point is which link was followed. */
const SHOWN_NAME_LENGTH = 60;

/**
 * What an address naming no page of today shows, instead of silently opening another page: a page
 * of the product still being built is "not available yet"; any other name "does not exist". Both
 * lead back to the Site Library.
 */
export default function MissingPage() {
  const name = (useQueryParam('currentPage') ?? '').trim();
  const planned = plannedPageName(name);
  const shown = name.length > SHOWN_NAME_LENGTH ? `${name.slice(0, SHOWN_NAME_LENGTH)}…` : name;
  return (
    <>
      <PageHeader title={planned ? `${planned} is not available yet` : 'This page does not exist'} />
      <Box sx={{ maxWidth: 720, overflowWrap: 'anywhere' }}>
        <EmptyState
          icon={planned ? <ConstructionOutlinedIcon /> : <LinkOffIcon />}
          title={planned ? 'This part of RiskAtlas is still being built.' : `RiskAtlas has no page called “${shown}”.`}
          action={
            <Button variant="contained" {...pageLinkProps(PageId.Sites)}>
              Go to the Site Library
            </Button>
          }
        >
          {planned
            ? 'Your sites, with their reports and scores, are in the Site Library.'
            : 'The link may be mistyped or out of date. Your sites, with their reports and scores, are in the Site Library.'}
        </EmptyState>
      </Box>
    </>
  );
}
