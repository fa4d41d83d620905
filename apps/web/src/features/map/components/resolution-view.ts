import type { LatLng } from '@riskatlas/domain';
import { FIT_PADDING, fitView, MAP_ZOOM, type MapView } from '../../../components/map';

/** The import panel's place on a wide screen (MapPanel: 12 px from the left, 340 px wide). */
const PANEL_LEFT = 12;
const PANEL_WIDTH = 340;
/** On a phone the panel is a sheet over the bottom of the map, at most 60 % of its height, 8 px from the edge. */
const SHEET_SHARE = 0.6;
const SHEET_GAP = 8;
/** The margin kept round the points on a phone (the usual 50 px leaves too little of a small map). */
const MOBILE_MARGIN = 32;

/**
 * The view framing an import row's candidates or matching sites (as close as the site zoom for
 * one) in the part of the map its panel leaves free: the left on a wide screen, the top on a phone.
 */
export function resolutionView(points: readonly LatLng[], mobile: boolean, mapHeight: number): MapView {
  const view = fitView(points, MAP_ZOOM.site);
  if (!('bounds' in view)) return view;
  const padding = mobile
    ? { top: MOBILE_MARGIN, right: MOBILE_MARGIN, bottom: Math.round(mapHeight * SHEET_SHARE) + SHEET_GAP + MOBILE_MARGIN, left: MOBILE_MARGIN }
    : { top: FIT_PADDING, right: FIT_PADDING, bottom: FIT_PADDING, left: PANEL_LEFT + PANEL_WIDTH + FIT_PADDING };
  return { ...view, padding };
}
