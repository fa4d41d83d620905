// Worked examples for docs/methodology.md: fixed points scored under every methodology, so the
// document can explain the numbers (a downtown Chicago address against a rural county, and one
// point in each other country). The geography comes from the gazetteer exactly as the API resolves it.
import { CRIME_TYPE_KEYS, CRIME_TYPE_NAMES, scoreIndexOf, type MethodologyTypeId } from '@riskatlas/domain';
import { loadGazetteer, scoringLocationAt } from '@riskatlas/geo';
import { loadScoringEngine } from '../src/index';

/** The example points: name, latitude, longitude. */
const EXAMPLE_POINTS: ReadonlyArray<[string, number, number]> = [
  ['Downtown Chicago (233 S Wacker Dr, Cook County IL)', 41.8789, -87.6359],
  ['Englewood, Chicago South Side', 41.7796, -87.6448],
  ['Naperville IL (suburb, DuPage County)', 41.7508, -88.1535],
  ['Farmland in Jo Daviess County IL (rural)', 42.35, -90.2],
  ['Toronto, Ontario (downtown)', 43.6532, -79.3832],
  ['Regina, Saskatchewan', 50.4452, -104.6189],
  ['Mexico City (Cuauhtémoc)', 19.4326, -99.1332],
  ['Mérida, Yucatán', 20.9674, -89.5926],
  ['City of London (Bank)', 51.5133, -0.0886],
  ['Chelmsford, Essex', 51.7356, 0.4685],
  ['San Juan, Puerto Rico (Old San Juan)', 18.4655, -66.1057],
];

const RELEASE = 2026;

/** The markdown of the examples: Total Crime against each comparison area, current period, per methodology. */
export function examplesMarkdown(): string {
  const gazetteer = loadGazetteer();
  const engine = loadScoringEngine();
  const lines: string[] = [];
  lines.push(`Release ${RELEASE}, current period; each cell: score [90 % band] and coverage (r reported, i imputed).`);
  lines.push('');
  lines.push('| Location | Comparison | M1 Interpolation | M2 Composite | M3 Incident density | M4 Predictors only |');
  lines.push('|---|---|---|---|---|---|');
  const detail: string[] = [];
  for (const [name, latitude, longitude] of EXAMPLE_POINTS) {
    const location = scoringLocationAt(gazetteer, latitude, longitude);
    if (!location) {
      lines.push(`| ${name} | not scorable | | | | |`);
      continue;
    }
    const all = ([1, 2, 3, 4] as MethodologyTypeId[]).map((id) => engine.score(location, id, RELEASE)!);
    for (const region of ['national', 'state', 'county'] as const) {
      const index = scoreIndexOf({ crimeType: 'total', region, period: 'current' });
      const area = region === 'national' ? 'National' : ((region === 'state' ? all[0]!.stateArea : all[0]!.countyArea)?.name ?? '');
      const cells = all.map((scores) => `${scores.values[index]} [${scores.low[index]}–${scores.high[index]}] ${scores.reported[index] ? 'r' : 'i'}`);
      lines.push(`| ${region === 'national' ? name : ''} | ${area} | ${cells.join(' | ')} |`);
    }
    if (name.startsWith('Downtown Chicago') || name.startsWith('Farmland')) {
      const m2 = all[1]!;
      const row = CRIME_TYPE_KEYS.map((crimeType) => {
        const index = scoreIndexOf({ crimeType, region: 'national', period: 'current' });
        return `${CRIME_TYPE_NAMES[crimeType]} ${m2.values[index]}`;
      });
      detail.push(`- ${name}, M2 against the nation (data year ${m2.periodYears[1]}): ${row.join(', ')}.`);
    }
  }
  lines.push('');
  lines.push(...detail);
  return lines.join('\n');
}
