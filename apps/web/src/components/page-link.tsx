import type { MouseEvent, ReactNode } from 'react';
import Link, { type LinkProps } from '@mui/material/Link';
import { goToPage, pageHref } from '../lib/navigation';

type Params = Record<string, string | number | null | undefined>;

/**
 * A link to a page of the app: a real href (so it can open in a new tab or be copied), switched in
 * place on a plain click.
 */
export function PageLink({ page, params = {}, children, onClick, ...rest }: Omit<LinkProps, 'href'> & { page: string; params?: Params; children: ReactNode }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    goToPage(page, params);
  };
  return (
    <Link href={pageHref(page, params)} onClick={handleClick} {...rest}>
      {children}
    </Link>
  );
}
