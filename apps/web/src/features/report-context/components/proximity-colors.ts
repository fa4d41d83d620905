/**
 * Dot colours per proximity layer id, so the map's points tell the layers apart: hospitals pink,
 * police blue, fire stations brown, transit purple — none of the score legend's greens, yellows,
 * oranges and reds, so a point of interest is never read as a site's score (the site is the theme colour).
 */
export const PROXIMITY_LAYER_COLORS: Readonly<Record<number, string>> = { 1: '#c2185b', 2: '#1565c0', 3: '#5d4037', 4: '#6a1b9a' };
