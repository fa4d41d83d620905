/** Layout by window width, from the BREAKPOINTS constants. */
import { BREAKPOINTS } from './layout';

export interface LayoutMode {
  /** Above 1281 px the side navigation is docked and toggles expanded/collapsed; at or below it slides over. */
  sideNav: 'docked' | 'slideOver';
  /** Below 960 px: compact layout (and no library map). */
  compact: boolean;
  /** Below 540 px: mobile layout. */
  mobile: boolean;
}

/** The layout for a window width in CSS pixels. */
export function layoutForWidth(width: number): LayoutMode {
  return {
    sideNav: width > BREAKPOINTS.sideNav ? 'docked' : 'slideOver',
    compact: width < BREAKPOINTS.compact,
    mobile: width < BREAKPOINTS.mobile,
  };
}
