import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FEW_RESIDENTS_NOTE, type TSiteReportSummary } from '@riskatlas/domain';
import { ReportEntry } from './report-entry';

const report = (overrides: Partial<TSiteReportSummary>): TSiteReportSummary => ({
  accountProductReportId: 7,
  countryID: 3,
  reportType: 6,
  releaseYear: 2026,
  methodologyTypeIds: [2, 3, 1, 4],
  features: 0,
  summaryScores: { '1': 1103, '2': 1103, '3': 1531, '4': 1103 },
  sameScoresNote: 'Methodologies 1, 2 and 4 give the same scores here: with no finer data at this location they all rest on the same area data (City of London).',
  fewResidents: true,
  created: '2026-02-10T10:00:00.000Z',
  createdByUserId: 3,
  ...overrides,
});

const renderEntry = (summary: TSiteReportSummary) =>
  render(
    <ul>
      <ReportEntry report={summary} />
    </ul>,
  );

describe('a report in the site dialog', () => {
  it('reads a UK score above the compact legend as "above 1000, High", and shows the notes its scores call for', () => {
    renderEntry(report({}));
    expect(screen.getByText(/Composite 1,103 — above 1000, High/)).toBeInTheDocument();
    expect(screen.getByText(/Incident density 1,531 — above 1000, High/)).toBeInTheDocument();
    expect(screen.queryByText(/400–1000/)).toBeNull();
    expect(screen.getByTestId('same-scores-note')).toHaveTextContent('Methodologies 1, 2 and 4 give the same scores here');
    expect(screen.getByTestId('few-residents-note')).toHaveTextContent(FEW_RESIDENTS_NOTE);
  });

  it('shows a US score in its band without notes where the methodologies differ', () => {
    renderEntry(report({ countryID: 1, methodologyTypeIds: [2], summaryScores: { '2': 141 }, sameScoresNote: null, fewResidents: false }));
    expect(screen.getByText(/Composite 141 — 100–199, Medium-Low/)).toBeInTheDocument();
    expect(screen.queryByTestId('same-scores-note')).toBeNull();
    expect(screen.queryByTestId('few-residents-note')).toBeNull();
  });
});
