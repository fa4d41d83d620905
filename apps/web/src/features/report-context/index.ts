/** The report-context feature as other features see it: the Detail page's panels for report modes 1, 6 and 7. */
export { ProximityPanel } from './components/proximity-panel';
export { DemographicsPanel } from './components/demographics-panel';
export { CrimeRateComparisonPanel } from './components/crime-rate-comparison-panel';
/** @public The props every panel takes (the site and its report), for the Detail page. */
export type { ReportContextPanelProps } from './components/proximity-panel';
/** The Map page's points of interest of the selected site (layers panel section and map overlay). */
export { useMapProximity } from './components/map-proximity';
