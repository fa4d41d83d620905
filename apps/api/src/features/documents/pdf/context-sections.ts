import type { TCrimeRateComparison, TReportDemographics, TReportProximity } from '@riskatlas/domain';
import type { DataSource } from '@riskatlas/geo';
import { CONTENT_WIDTH, paragraph, plainTable, sectionHeading, subHeading, type Pdf } from './pdf-kit';

const METERS_PER_MILE = 1609.34;
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Points of interest per layer, nearest first, distances in miles as the app shows them. */
export function proximitySection(doc: Pdf, proximity: TReportProximity): void {
  sectionHeading(doc, 'Proximity');
  paragraph(doc, `Points of interest within ${NUMBER.format(proximity.radiusMeters / METERS_PER_MILE)} miles of the site, nearest first.`);
  for (const layer of proximity.layers) {
    subHeading(doc, layer.name);
    if (layer.pointsOfInterest.length === 0) {
      paragraph(doc, 'None within the search radius.', { color: '#555555' });
      continue;
    }
    plainTable(
      doc,
      [
        { header: 'Name', width: CONTENT_WIDTH * 0.34 },
        { header: 'Category', width: CONTENT_WIDTH * 0.18 },
        { header: 'Address', width: CONTENT_WIDTH * 0.34 },
        { header: 'Distance (mi)', width: CONTENT_WIDTH * 0.14, align: 'right' },
      ],
      layer.pointsOfInterest.map((point) => [point.name, point.category, point.address, (point.distance / METERS_PER_MILE).toFixed(2)]),
    );
  }
}

/** A value with its unit as people write it: $1,200, 12.5 %, 30 minutes. */
function withUnit(value: number, unit: string): string {
  if (unit === '$') return `$${NUMBER.format(value)}`;
  if (unit === '%') return `${NUMBER.format(value)} %`;
  return unit ? `${NUMBER.format(value)} ${unit}` : NUMBER.format(value);
}

/** The visible demographic variables of the site's county, under their sections. */
export function demographicsSection(doc: Pdf, demographics: TReportDemographics): void {
  sectionHeading(doc, 'Demographics');
  paragraph(doc, `County: ${demographics.countyName}.`);
  for (const section of demographics.demographicSections) {
    const names = demographics.demographicNames.filter((name) => name.visible && name.demographicSectionID === section.demographicSectionID);
    if (names.length === 0) continue;
    subHeading(doc, section.sectionName);
    plainTable(
      doc,
      [
        { header: 'Measure', width: CONTENT_WIDTH * 0.5 },
        { header: 'Value', width: CONTENT_WIDTH * 0.2, align: 'right' },
        { header: 'Source', width: CONTENT_WIDTH * 0.3 },
      ],
      names.map((name) => {
        const value = demographics.demographics[name.dataName];
        return [name.displayName, value === null || value === undefined ? '—' : withUnit(value, name.unit), name.source];
      }),
    );
  }
}

/** Actual against expected crime rates per methodology. */
export function crimeRateSection(doc: Pdf, comparison: TCrimeRateComparison): void {
  sectionHeading(doc, 'Crime rate comparison');
  paragraph(doc, 'Crimes per 100,000 residents: the actual rate of the comparison area against the rate the model expects at the site. † marks a rate the data pack carries between or after reported years.');
  for (const methodology of comparison.methodologies) {
    subHeading(doc, `${methodology.methodologyName} — ${methodology.areaName}, ${methodology.year}`);
    plainTable(
      doc,
      [
        { header: 'Crime type', width: CONTENT_WIDTH * 0.5 },
        { header: 'Actual', width: CONTENT_WIDTH * 0.25, align: 'right' },
        { header: 'Expected at the site', width: CONTENT_WIDTH * 0.25, align: 'right' },
      ],
      methodology.rates.map((rate) => [
        rate.name,
        rate.actual === null ? '—' : `${NUMBER.format(rate.actual)}${rate.reported ? '' : ' †'}`,
        rate.expected === null ? '—' : NUMBER.format(rate.expected),
      ]),
    );
  }
}

/** Every data source of the pack with its licence and the attribution its licence asks for. */
export function sourcesSection(doc: Pdf, sources: readonly DataSource[]): void {
  sectionHeading(doc, 'Data sources and attribution');
  plainTable(
    doc,
    [
      { header: 'Source', width: CONTENT_WIDTH * 0.4 },
      { header: 'Publisher and licence', width: CONTENT_WIDTH * 0.25 },
      { header: 'Attribution', width: CONTENT_WIDTH * 0.35 },
    ],
    sources.map((source) => [source.name, `${source.publisher}; ${source.licence}`, source.attribution]),
    8,
  );
}
