import { BREAKPOINTS } from '@riskatlas/domain';

/** The library map panel's sizes. */
const LIBRARY_MAP = {
  /** Default width: 35 % of the window… */
  defaultPercent: 35,
  /** …but 500 px on windows wider than 1425 px. */
  wideWindow: 1425,
  wideWidthPx: 500,
  /** Width bounds, in percent of the window. */
  minPercent: 17,
  maxPercent: 43.5,
  /** Below this window width the panel is hidden (the compact layout). */
  hiddenBelow: BREAKPOINTS.compact,
} as const;

/** A percentage of the window within the panel's bounds. */
export function clampMapPercent(percent: number): number {
  if (!Number.isFinite(percent)) return LIBRARY_MAP.defaultPercent;
  return Math.min(LIBRARY_MAP.maxPercent, Math.max(LIBRARY_MAP.minPercent, percent));
}

/**
 * The map panel's width in px for a window width and the user's saved size (appSettings
 * libraryMapSize, percent of the window), or null when the window is too narrow for the panel.
 * Without a saved size: 35 % of the window, or 500 px above 1425 px — always within 17–43.5 %.
 */
export function libraryMapWidth(windowWidth: number, savedPercent?: number | null): number | null {
  if (windowWidth < LIBRARY_MAP.hiddenBelow) return null;
  const percent =
    savedPercent !== undefined && savedPercent !== null
      ? savedPercent
      : windowWidth > LIBRARY_MAP.wideWindow
        ? (100 * LIBRARY_MAP.wideWidthPx) / windowWidth
        : LIBRARY_MAP.defaultPercent;
  return Math.round((windowWidth * clampMapPercent(percent)) / 100);
}
