import type { TCurrentUser } from '@riskatlas/domain';
import { PageId } from '../lib/page-ids';

/** Where a side navigation entry leads: a page of the app, or a page outside it in a new window. */
type NavTarget = { kind: 'page'; page: PageId } | { kind: 'external'; href: string };

export interface NavItem {
  key: 'sites' | 'map' | 'help' | 'accessibility';
  label: string;
  target: NavTarget;
}

/** The accessibility statement: a static page served with the app. */
export const ACCESSIBILITY_URL = '/accessibility.html';

/**
 * The side navigation of the product (Dashboard, Site Library, Map View, Citywide Maps, Help &
 * Support, Accessibility), limited to entries whose page exists today: Dashboard and Citywide Maps
 * join when their pages are built. The Help page (the product, keyboard use, data
 * sources) is for everyone, so it is always listed; it is called Help & Support when the account
 * has a support id to quote to the support desk, and Help otherwise.
 */
export function navItems(user: TCurrentUser): NavItem[] {
  return [
    { key: 'sites', label: 'Site Library', target: { kind: 'page', page: PageId.Sites } },
    { key: 'map', label: 'Map View', target: { kind: 'page', page: PageId.Map } },
    { key: 'help', label: user.account.supportId ? 'Help & Support' : 'Help', target: { kind: 'page', page: PageId.Help } },
    { key: 'accessibility', label: 'Accessibility', target: { kind: 'external', href: ACCESSIBILITY_URL } },
  ];
}
