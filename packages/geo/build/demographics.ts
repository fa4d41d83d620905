import { readCsv, type CsvTable } from './csv';
import { compareStrings } from './util';

/** The raw files the county demographics come from, relative to the shared data directory. */
export const DEMOGRAPHICS_INPUTS = [
  'demographics/acs2017_county/acs2017_county_data.csv',
  'demographics/census_quickfacts_county/county_facts.csv',
  'demographics/census_quickfacts_county/county_facts_dictionary.csv',
] as const;

/** A section of the demographics tree (parent 0 = top level). */
export interface DemographicSectionRow {
  id: number;
  parentId: number;
  name: string;
}

/** A variable: its key, words, unit, section, visibility and the source column it is read from. */
export interface DemographicVariableRow {
  dataName: string;
  displayName: string;
  unit: string;
  sectionId: number;
  visible: boolean;
  source: 'ACS 2013–2017' | 'Census QuickFacts';
  column: string;
}

export const DEMOGRAPHIC_SECTIONS: readonly DemographicSectionRow[] = [
  { id: 1, parentId: 0, name: 'Population' },
  { id: 2, parentId: 1, name: 'Race and ethnicity' },
  { id: 3, parentId: 1, name: 'Age' },
  { id: 4, parentId: 1, name: 'Origin and language' },
  { id: 5, parentId: 0, name: 'Income and poverty' },
  { id: 6, parentId: 0, name: 'Employment' },
  { id: 7, parentId: 6, name: 'Occupation' },
  { id: 8, parentId: 6, name: 'Class of worker' },
  { id: 9, parentId: 0, name: 'Commuting' },
  { id: 10, parentId: 0, name: 'Housing and households' },
  { id: 11, parentId: 0, name: 'Education' },
  { id: 12, parentId: 0, name: 'Land' },
];

const ACS = 'ACS 2013–2017' as const;
const QF = 'Census QuickFacts' as const;
function acs(dataName: string, displayName: string, unit: string, sectionId: number, visible = true): DemographicVariableRow {
  return { dataName, displayName, unit, sectionId, visible, source: ACS, column: dataName };
}
/** A QuickFacts variable: its words come from the file's own dictionary. */
function qf(dataName: string, column: string, unit: string, sectionId: number): DemographicVariableRow {
  return { dataName, displayName: '', unit, sectionId, visible: true, source: QF, column };
}

/** The variables, in display order. Margins of error are kept but not shown by default. */
export const DEMOGRAPHIC_VARIABLES: readonly DemographicVariableRow[] = [
  acs('TotalPop', 'Total population', 'people', 1),
  acs('Men', 'Men', 'people', 1),
  acs('Women', 'Women', 'people', 1),
  acs('VotingAgeCitizen', 'Citizens of voting age', 'people', 1),
  qf('Population2014', 'PST045214', 'people', 1),
  acs('Hispanic', 'Hispanic', '%', 2),
  acs('White', 'White', '%', 2),
  acs('Black', 'Black', '%', 2),
  acs('Native', 'Native American', '%', 2),
  acs('Asian', 'Asian', '%', 2),
  acs('Pacific', 'Pacific Islander', '%', 2),
  qf('Under5', 'AGE135214', '%', 3),
  qf('Under18', 'AGE295214', '%', 3),
  qf('Over65', 'AGE775214', '%', 3),
  qf('ForeignBorn', 'POP645213', '%', 4),
  qf('OtherLanguage', 'POP815213', '%', 4),
  acs('Income', 'Median household income', '$', 5),
  acs('IncomeErr', 'Median household income, margin of error', '$', 5, false),
  acs('IncomePerCap', 'Income per person', '$', 5),
  acs('IncomePerCapErr', 'Income per person, margin of error', '$', 5, false),
  acs('Poverty', 'Below the poverty level', '%', 5),
  acs('ChildPoverty', 'Children below the poverty level', '%', 5),
  acs('Employed', 'Employed people aged 16 and over', 'people', 6),
  acs('Unemployment', 'Unemployment rate', '%', 6),
  acs('Professional', 'Management, business, science and arts', '%', 7),
  acs('Service', 'Service', '%', 7),
  acs('Office', 'Sales and office', '%', 7),
  acs('Construction', 'Natural resources, construction and maintenance', '%', 7),
  acs('Production', 'Production, transportation and material moving', '%', 7),
  acs('PrivateWork', 'Private sector', '%', 8),
  acs('PublicWork', 'Public sector', '%', 8),
  acs('SelfEmployed', 'Self-employed', '%', 8),
  acs('FamilyWork', 'Unpaid family work', '%', 8),
  acs('Drive', 'Drive alone', '%', 9),
  acs('Carpool', 'Carpool', '%', 9),
  acs('Transit', 'Public transport', '%', 9),
  acs('Walk', 'Walk', '%', 9),
  acs('OtherTransp', 'Other means', '%', 9),
  acs('WorkAtHome', 'Work at home', '%', 9),
  acs('MeanCommute', 'Mean commute', 'minutes', 9),
  qf('HousingUnits', 'HSG010214', 'housing units', 10),
  qf('Homeownership', 'HSG445213', '%', 10),
  qf('MultiUnit', 'HSG096213', '%', 10),
  qf('MedianHomeValue', 'HSG495213', '$', 10),
  qf('Households', 'HSD410213', 'households', 10),
  qf('PersonsPerHousehold', 'HSD310213', 'people', 10),
  qf('HighSchool', 'EDU635213', '%', 11),
  qf('Bachelors', 'EDU685213', '%', 11),
  qf('LandArea', 'LND110210', 'sq mi', 12),
  qf('Density', 'POP060210', 'people per sq mi', 12),
];

/** A county's values, in DEMOGRAPHIC_VARIABLES order, as the sources write them ('' = none). */
export interface DemographicsRow {
  fips: string;
  values: string[];
}

/** A number as the source writes it, checked; '' stays '' (the source has no value). */
function numberText(text: string, label: string): string {
  const value = text.trim();
  if (value === '') return '';
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new Error(`${label}: not a number: ${JSON.stringify(text)}`);
  return value;
}

/** "Persons under 5 years, percent, 2014" → "Persons under 5 years (2014)": the unit column says percent. */
function dictionaryName(description: string): string {
  const parts = description.split(',').map((part) => part.trim()).filter((part) => part !== 'percent' && part !== '');
  const year = parts.length > 1 && /^\d{4}(-\d{4})?$/.test(parts[parts.length - 1]!) ? parts.pop() : undefined;
  return year ? `${parts.join(', ')} (${year})` : parts.join(', ');
}

/**
 * County demographics: every ACS county (incl. Puerto Rico's municipios) joined by FIPS with the
 * QuickFacts county row (its FIPS written without leading zeros; no Puerto Rico — those values stay
 * empty). The variables' QuickFacts names come from the QuickFacts dictionary.
 */
export function readDemographics(sharedDir: string): { variables: DemographicVariableRow[]; rows: DemographicsRow[] } {
  const acsTable = readCsv(sharedDir, DEMOGRAPHICS_INPUTS[0]);
  const facts = readCsv(sharedDir, DEMOGRAPHICS_INPUTS[1]);
  const dictionary = readCsv(sharedDir, DEMOGRAPHICS_INPUTS[2]);
  const descriptions = new Map(dictionary.rows.map((row) => [row[dictionary.column('column_name')]!, row[dictionary.column('description')]!]));
  const variables = DEMOGRAPHIC_VARIABLES.map((variable) => {
    if (variable.source !== QF) return variable;
    const description = descriptions.get(variable.column);
    if (!description) throw new Error(`county_facts_dictionary.csv: no ${variable.column}`);
    return { ...variable, displayName: dictionaryName(description) };
  });
  const factsByFips = new Map<string, string[]>();
  for (const row of facts.rows) {
    // The US and state total rows have no state abbreviation.
    if (row[facts.column('state_abbreviation')]!.trim() === '') continue;
    factsByFips.set(row[facts.column('fips')]!.padStart(5, '0'), row);
  }
  const valueOf = (table: CsvTable, row: string[] | undefined, column: string, label: string) => (row ? numberText(row[table.column(column)]!, label) : '');
  const rows = acsTable.rows.map((row) => {
    const fips = row[acsTable.column('CountyId')]!.padStart(5, '0');
    const factsRow = factsByFips.get(fips);
    return {
      fips,
      values: variables.map((v) => (v.source === ACS ? valueOf(acsTable, row, v.column, `ACS ${fips} ${v.column}`) : valueOf(facts, factsRow, v.column, `QuickFacts ${fips} ${v.column}`))),
    };
  });
  rows.sort((a, b) => compareStrings(a.fips, b.fips));
  return { variables, rows };
}
