import Button from '@mui/material/Button';
import { EmptyState } from '../../../components/empty-state';
import { pageLinkProps } from '../../../components/page-link';
import { ApiError } from '../../../lib/api-client';
import { PageId } from '../../../lib/page-ids';

/** The way back when Detail has nothing to show. */
function BackToLibrary() {
  return (
    <Button variant="contained" {...pageLinkProps(PageId.Sites)} component="a">
      Back to the Site Library
    </Button>
  );
}

/** Detail without a site to show: why, and the way back. */
export function NoSite({ title, children }: { title: string; children: string }) {
  return (
    <EmptyState title={title} action={<BackToLibrary />}>
      {children}
    </EmptyState>
  );
}

/** True when the server says the thing asked for is not there (or not the caller's). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
