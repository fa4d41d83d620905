/** Query keys of a report's context; all under 'reports', so a change to reports refreshes them too. */
export const reportContextKeys = {
  proximityLayers: ['reports', 'proximity'] as const,
  proximity: (reportId: number) => ['reports', reportId, 'proximity'] as const,
  demographics: (reportId: number, section: number | 'all') => ['reports', reportId, section, 'demographics'] as const,
  crimeRates: (siteId: number, reportId: number) => ['reports', 'crcfData', siteId, reportId] as const,
};
