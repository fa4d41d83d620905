import type { ComponentType } from 'react';
import { ReportMode, type TReport, type TSite } from '@riskatlas/domain';
import { PoliceIncidentsPanel } from '../../incidents';
import { CrimeRateComparisonPanel, DemographicsPanel, ProximityPanel } from '../../report-context';

/** What a report mode's panel is given: the site, the report shown and the methodology chosen. */
export interface ReportModePanelProps {
  site: TSite;
  report: TReport;
  methodology: number;
}

/**
 * The panels of the report modes other than scores, by mode. A mode is offered only when the
 * rules say it applies AND its panel is here, so a mode whose feature is not in this build never
 * shows an empty tab.
 */
export const MODE_PANELS: Partial<Record<ReportMode, ComponentType<ReportModePanelProps>>> = {
  [ReportMode.Proximity]: ProximityPanel,
  [ReportMode.Demographics]: DemographicsPanel,
  [ReportMode.CrimeRateComparison]: CrimeRateComparisonPanel,
  [ReportMode.PoliceIncidents]: ({ site }) => <PoliceIncidentsPanel site={site} />,
};

/** The modes that have a panel in this build (scores, mode 0, always has one). */
export function hasModePanel(mode: ReportMode): boolean {
  return mode === 0 || MODE_PANELS[mode] !== undefined;
}
