/** Dot colours per proximity layer id, so the map's points tell the layers apart (the site is the theme colour). */
export const PROXIMITY_LAYER_COLORS: Readonly<Record<number, string>> = { 1: '#d32f2f', 2: '#1565c0', 3: '#ef6c00', 4: '#6a1b9a' };
