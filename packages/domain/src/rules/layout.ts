/** Layout constants: window-width breakpoints, banner and alert timings. */
export const BREAKPOINTS = {
  /** Side navigation toggles above this width; at or below it is a slide-over. */
  sideNav: 1281,
  /** Compact layout below this width; the library map is hidden. */
  compact: 960,
  tablet: 736,
  /** Mobile layout below this width. */
  mobile: 540,
  height: 778,
} as const;

/** The cookie banner acknowledgement lasts until this year. */
export const COOKIE_ACK_UNTIL = '2099-12-31T23:59:59.000Z';
/** The warning banner appears this long after load. */
export const WARNING_BANNER_DELAY_MS = 2000;
/** Auto-close delay of alerts. */
export const ALERT_AUTO_CLOSE_MS = 2750;

/** The warning banner shows only when content is set and does not start with '#'. */
export function shouldShowWarningBanner(content: string | null | undefined): boolean {
  if (!content) return false;
  const trimmed = content.trim();
  return trimmed.length > 0 && !trimmed.startsWith('#');
}
