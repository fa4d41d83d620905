import { defaultScoreFormat, methodologyOf, scoreBand, type CountryId, type TProductData, type TScore } from '@riskatlas/domain';
import { BOLD, CONTENT_WIDTH, ensureSpace, fittedText, FONT, INK, MUTED, PAGE, RULE, subHeading, type Pdf } from './pdf-kit';

const NAME_WIDTH = 122;
const HEADER_HEIGHT = 44;
const ROW_HEIGHT = 22;
const HEADING_ROW_HEIGHT = 16;
/** Band colours are laid under the value lightly, so black figures stay legible on every band. */
const BAND_OPACITY = 0.45;

/** The table's confidence-bar scale: at least 0–200, so bar lengths compare between tables. */
function scaleOf(scores: readonly TScore[]): number {
  return Math.max(200, ...scores.map((score) => score.high ?? 0));
}

/**
 * One methodology's score table as the Detail page draws it: crime types down (under their group
 * headings), comparison area × period across; each score on its band colour (5 colours before the
 * 2018 release, 25 from it), with a bar from its low to its high confidence bound and a tick at the
 * score, and an asterisk when the score is imputed.
 */
export function scoreTable(doc: Pdf, entry: TProductData, countryId: CountryId): void {
  const format = defaultScoreFormat(entry.yearRelease);
  const columns = entry.regions.flatMap((region) => entry.periods.map((period) => ({ region, period })));
  const columnWidth = (CONTENT_WIDTH - NAME_WIDTH) / columns.length;
  const scale = scaleOf(entry.scores);
  const rows = groupRows(entry.scores);
  const height = HEADER_HEIGHT + rows.reduce((sum, row) => sum + (row.heading ? HEADING_ROW_HEIGHT : ROW_HEIGHT), 0);
  ensureSpace(doc, height + 30);
  subHeading(doc, `${methodologyOf(entry.methodologyType)?.name ?? `Methodology ${entry.methodologyType}`} — release ${entry.yearRelease}`);

  const x0 = PAGE.margin;
  let y = doc.y;
  // Header: the comparison area (with the actual area) over its three periods (with their years).
  doc.rect(x0, y, CONTENT_WIDTH, HEADER_HEIGHT).fill('#e8eaf6');
  doc.font(BOLD).fontSize(8.5).fillColor(INK).text('Crime type', x0 + 4, y + 24, { width: NAME_WIDTH - 8 });
  entry.regions.forEach((region, r) => {
    const left = x0 + NAME_WIDTH + r * entry.periods.length * columnWidth;
    const span = entry.periods.length * columnWidth;
    const label = region.areaName ? `${region.name}: ${region.areaName}` : region.name;
    doc.font(BOLD).fontSize(8).fillColor(INK).text(label, left + 2, y + 4, { width: span - 4, align: 'center', height: 18, ellipsis: true });
    entry.periods.forEach((period, p) => {
      doc.font(FONT).fontSize(7.5).fillColor(MUTED).text(`${period.name} ${period.year}`, left + p * columnWidth, y + 22, { width: columnWidth, align: 'center' });
    });
    doc.moveTo(left, y).lineTo(left, y + height).lineWidth(0.6).strokeColor('#9fa8da').stroke();
  });
  y += HEADER_HEIGHT;

  for (const row of rows) {
    if (row.heading) {
      doc.rect(x0, y, CONTENT_WIDTH, HEADING_ROW_HEIGHT).fill('#f3f3f3');
      doc.font(BOLD).fontSize(8.5).fillColor(INK).text(row.name, x0 + 4, y + 4, { width: CONTENT_WIDTH - 8 });
      y += HEADING_ROW_HEIGHT;
      continue;
    }
    doc.font(row.aggregate ? BOLD : FONT).fontSize(8.5).fillColor(INK).text(row.name, x0 + 4, y + 7, { width: NAME_WIDTH - 8, height: ROW_HEIGHT, ellipsis: true });
    columns.forEach(({ region, period }, c) => {
      const score = row.scores.find((candidate) => candidate.region === region.key && candidate.period === period.key);
      if (score && score.value !== null) scoreCell(doc, x0 + NAME_WIDTH + c * columnWidth, y, columnWidth, score, countryId, format, scale);
    });
    doc.moveTo(x0, y + ROW_HEIGHT).lineTo(x0 + CONTENT_WIDTH, y + ROW_HEIGHT).lineWidth(0.3).strokeColor(RULE).stroke();
    y += ROW_HEIGHT;
  }
  doc.x = x0;
  doc.y = y + 6;
}

/** One score: band colour, the value (asterisk when imputed), and its confidence bar. */
function scoreCell(doc: Pdf, x: number, y: number, width: number, score: TScore, countryId: CountryId, format: 5 | 25, scale: number): void {
  const value = score.value!;
  doc.save();
  doc.fillOpacity(BAND_OPACITY).rect(x + 1.5, y + 1.5, width - 3, ROW_HEIGHT - 3).fill(scoreBand(value, countryId, format).color);
  doc.restore();
  const text = `${value}${score.coverage === 'imputed' ? '*' : ''}`;
  doc.font(BOLD).fontSize(9).fillColor(INK);
  fittedText(doc, text, x, y + 3.5, width, 'center', { lineBreak: false });
  if (score.low === null || score.high === null) return;
  const barLeft = x + 5;
  const barWidth = width - 10;
  const at = (v: number) => barLeft + (Math.min(v, scale) / scale) * barWidth;
  const barY = y + ROW_HEIGHT - 6;
  doc.rect(barLeft, barY, barWidth, 1.6).fill('#d0d0d0');
  doc.rect(at(score.low), barY - 0.6, Math.max(1, at(score.high) - at(score.low)), 2.8).fill('#37474f');
  doc.rect(at(value) - 0.6, barY - 2.2, 1.2, 6).fill('#000000');
}

/** The table's rows: the data's heading rows, and per crime type its scores. */
type TableRow = { heading: true; name: string } | { heading: false; name: string; aggregate: boolean; scores: TScore[] };

function groupRows(scores: readonly TScore[]): TableRow[] {
  const rows: TableRow[] = [];
  for (const score of scores) {
    if (score.isHeading) {
      rows.push({ heading: true, name: score.name });
      continue;
    }
    const last = rows[rows.length - 1];
    if (last && !last.heading && last.name === score.name) last.scores.push(score);
    else rows.push({ heading: false, name: score.name, aggregate: score.scoreType === 'aggregate', scores: [score] });
  }
  return rows;
}

/** The sentence under the tables: what the colours, the bars and the asterisk mean. */
export const SCORE_TABLE_KEY =
  'Scores compare the site with the average of each area (100 = the area\'s average; 200 = twice it). The colour is the score\'s legend band; ' +
  'the bar under each score runs from the low to the high end of its confidence band on one scale per table, with a tick at the score; ' +
  '* marks a score the model imputed where the place\'s own recorded crime does not cover the period.';
