import type { TCurrentUser } from '@riskatlas/domain';
import { PageId } from '../lib/page-ids';

/** Where a side navigation entry leads: a page of the app, or a page outside it in a new window. */
type NavTarget = { kind: 'page'; page: PageId } | { kind: 'external'; href: string };

export interface NavItem {
  key: 'sites' | 'help' | 'accessibility';
  label: string;
  target: NavTarget;
}

/** The accessibility statement: a static page served with the app. */
export const ACCESSIBILITY_URL = '/accessibility.html';

/**
 * The side navigation of the product (Dashboard, Site Library, Map View, Citywide Maps, Help &
 * Support, Accessibility), limited to entries whose page exists today: Dashboard, Map View and
 * Citywide Maps join when their pages are built. Help & Support shows only with a support id.
 */
export function navItems(user: TCurrentUser): NavItem[] {
  const items: NavItem[] = [{ key: 'sites', label: 'Site Library', target: { kind: 'page', page: PageId.Sites } }];
  if (user.account.supportId) items.push({ key: 'help', label: 'Help & Support', target: { kind: 'page', page: PageId.Help } });
  items.push({ key: 'accessibility', label: 'Accessibility', target: { kind: 'external', href: ACCESSIBILITY_URL } });
  return items;
}
