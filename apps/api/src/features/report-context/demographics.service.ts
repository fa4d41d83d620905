import { hasFeature, ReportContextMessages, ReportFeature, type TDemographicsParams, type TReportDemographics } from '@riskatlas/domain';
import type { Gazetteer } from '@riskatlas/geo';
import type { Db } from '../../db/client';
import type { Caller } from '../../access/caller';
import { AppError } from '../../lib/app-error';
import { contextData } from './context-data';
import { scopedReport } from './report-lookup';

/** The ids of a section and every section below it. */
function subtree(sections: ReadonlyArray<{ id: number; parentId: number | null }>, rootId: number): Set<number> {
  const ids = new Set([rootId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const section of sections) {
      if (section.parentId !== null && ids.has(section.parentId) && !ids.has(section.id)) {
        ids.add(section.id);
        grew = true;
      }
    }
  }
  return ids;
}

/**
 * GET reports/{id}/{x}/demographics: the demographics of the county the report's site lies in —
 * every section when x is 'all', else section x and its subsections. Only a report with the
 * Demographics add-on has them; a site outside the US counties has none (a clear 400).
 */
export async function reportDemographics(db: Db, gazetteer: Gazetteer, caller: Caller, params: TDemographicsParams): Promise<TReportDemographics> {
  const { report, site } = await scopedReport(db, caller, params.id);
  if (!hasFeature(report.features, ReportFeature.Demographics)) throw AppError.badRequest(ReportContextMessages.noDemographics);
  const data = contextData();
  const county = gazetteer.countyAt(site.latitude, site.longitude);
  // The county stored with the site wins: the gazetteer is asked only for sites stored without one.
  const fips = site.countyCode && /^\d{5}$/.test(site.countyCode) ? site.countyCode : county?.id;
  const values = fips ? data.demographicsOf(fips) : undefined;
  if (!fips || !values) throw AppError.badRequest(ReportContextMessages.noCountyDemographics);
  if (params.x !== 'all' && !data.sections.some((section) => section.id === params.x)) throw AppError.notFound(ReportContextMessages.unknownSection);
  const sectionIds = params.x === 'all' ? new Set(data.sections.map((section) => section.id)) : subtree(data.sections, params.x);
  const names = data.variables.filter((variable) => sectionIds.has(variable.sectionId));
  const countyName = county && county.id === fips ? `${county.name}, ${county.admin1Name}` : (site.county ?? fips);
  return {
    accountProductReportId: report.accountProductReportId,
    countyFips: fips,
    countyName,
    demographics: Object.fromEntries(names.map((variable) => [variable.dataName, values[variable.dataName] ?? null])),
    demographicNames: names.map((variable) => ({
      dataName: variable.dataName,
      displayName: variable.displayName,
      visible: variable.visible,
      unit: variable.unit,
      demographicSectionID: variable.sectionId,
      source: variable.source,
    })),
    demographicSections: data.sections
      .filter((section) => sectionIds.has(section.id))
      .map((section) => ({ demographicSectionID: section.id, parentID: section.parentId, sectionName: section.name })),
  };
}
