import type { MouseEvent, ReactNode } from 'react';
import Link, { type LinkProps } from '@mui/material/Link';
import { goToPage, pageHref } from '../lib/navigation';

type Params = Record<string, string | number | null | undefined>;

/**
 * The href and click handler of a link to a page of the app: a real href (so it can open in a new
 * tab or be copied), switched in place on a plain click. For links drawn as something else (a button).
 */
export function pageLinkProps(page: string, params: Params = {}, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  return {
    href: pageHref(page, params),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      goToPage(page, params);
    },
  };
}

/** A link to a page of the app (see pageLinkProps). */
export function PageLink({ page, params = {}, children, onClick, ...rest }: Omit<LinkProps, 'href'> & { page: string; params?: Params; children: ReactNode }) {
  return (
    <Link {...pageLinkProps(page, params, onClick)} {...rest}>
      {children}
    </Link>
  );
}
