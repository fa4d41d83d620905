import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCounts, makeTask, makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { makeBatch } from '../testing/make-batch';

const RUNNING = makeBatch({ batchId: 3, createdDate: '2026-03-02T08:30:00.000Z', submittedBy: 'Avery Admin' });
const DONE = makeBatch({
  batchId: 2,
  createdDate: '2026-02-20T10:00:00.000Z',
  completedDate: '2026-02-20T10:05:00.000Z',
  reportsTotal: 3,
  reportsCompleted: 3,
  submittedBy: 'Sam Standard',
  summary: { releaseYear: 2024, countryCode: 'CAN', reportType: 1 },
});
const FAILED = makeBatch({
  batchId: 1,
  createdDate: '2026-01-05T10:00:00.000Z',
  completedDate: '2026-01-05T10:01:00.000Z',
  reportsTotal: 50,
  reportsCompleted: 20,
  failed: true,
  detail: 'The account has run out of Basic licences.',
});

const rows = () => screen.getAllByTestId('batch-row');

describe('Batches page', () => {
  it('lists the last 365 days of batches with dates, progress, submitter and why a failed batch stopped', async () => {
    const api = mockApi({ ...signedInRoutes(makeUser()), 'GET reports/batch/status': { body: [RUNNING, DONE, FAILED] } });
    renderApp({ url: '/?currentPage=Batches', width: 1400 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Batches' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(api.callsTo('GET reports/batch/status')[0]?.query.get('days')).toBe('365');

    const [running, done, failed] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(running).toHaveTextContent('1,200 of 10,000 reports — in progress');
    expect(within(running).getByRole('progressbar', { name: 'Batch 3 progress' })).toHaveAttribute('aria-valuenow', '12');
    expect(running).toHaveTextContent('Avery Admin');
    expect(done).toHaveTextContent('3 of 3 reports');
    expect(within(done).queryByRole('progressbar')).toBeNull();
    expect(done).toHaveTextContent('Sam Standard');
    expect(done).toHaveTextContent('Premium · 2024 · Canada');
    expect(within(done).getByText(new Date(DONE.completedDate!).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }))).toBeInTheDocument();
    expect(failed).toHaveTextContent('20 of 50 reports');
    expect(failed).toHaveTextContent('Stopped: The account has run out of Basic licences.');
  });

  it("starts an Excel summary of a batch's reports, and opens the download wizard with them", async () => {
    const api = mockApi({ ...signedInRoutes(makeUser()), 'GET reports/batch/status': { body: [DONE] } });
    api.on('GET reports/batch/status', (call) =>
      call.query.get('batchProcessId') === '2'
        ? { body: [{ ...DONE, batchReports: [{ accountProductReportId: 501, siteId: 9 }, { accountProductReportId: 502, siteId: 10 }, { accountProductReportId: 503, siteId: 11 }] }] }
        : { body: [DONE] },
    );
    api.on('POST reports/excelsummary', { body: { taskStatusId: 81, count: 3 } });
    api.on('GET users/taskstatuses/81', { body: makeTask({ taskStatusId: 81, currentStatus: 1, countTotal: 3, countCompleted: 0, message: 'Excel summary', objectType: 4 }) });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Batches', width: 1400 });
    const [row] = await screen.findAllByTestId('batch-row');
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Excel download of batch 2' }));
    await waitFor(() => expect(api.callsTo('POST reports/excelsummary')).toHaveLength(1));
    expect(api.callsTo('POST reports/excelsummary')[0]!.body).toEqual({ accountProductReportIds: [501, 502, 503] });
    expect(await screen.findByText('Preparing the Excel summary: 0 of 3 reports…')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByRole('button', { name: 'Excel download of batch 2' })).toBeDisabled();

    // The download wizard opens with the batch's reports.
    api.on('POST reports/counts', { body: makeCounts({ total: 3, siteCount: 3 }) });
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Download wizard of batch 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download reports: Selection' });
    expect(within(dialog).getByText('You selected batch 2 (3 reports).')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.callsTo('POST reports/counts')).toHaveLength(1));
    expect(api.callsTo('POST reports/counts')[0]!.body).toEqual({ accountProductReportIds: [501, 502, 503] });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(row as HTMLElement).getByRole('button', { name: 'Download list (CSV) of batch 2' })).toBeEnabled();
  });

  it('says there are no batches and how to create one', async () => {
    mockApi({ ...signedInRoutes(makeUser()), 'GET reports/batch/status': { body: [] } });
    renderApp({ url: '/?currentPage=Batches' });
    expect(await screen.findByText('No batches in the last 365 days.')).toBeInTheDocument();
    expect(screen.getByText(/select the sites in the Site Library and choose Create report or batch/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Site Library' })).toBeInTheDocument();
  });

  it("'see sites' links to the Site Library with the batch to select", async () => {
    mockApi({ ...signedInRoutes(makeUser()), 'GET reports/batch/status': { body: [DONE] } });
    renderApp({ url: '/?currentPage=Batches', width: 1400 });
    const [row] = await screen.findAllByTestId('batch-row');
    const link = within(row as HTMLElement).getByRole('link', { name: 'See sites of batch 2' });
    const target = new URLSearchParams(new URL(link.getAttribute('href') ?? '', 'http://localhost').search);
    expect(target.get('currentPage')).toBe('Sites');
    expect(target.get('batchId')).toBe('2');
  });
});

describe('Batches page refresh', () => {
  it('re-reads only the days of the two newest batches while one runs, then the whole year once they are done', async () => {
    const older = makeBatch({ batchId: 1, createdDate: '2025-12-01T10:00:00.000Z', completedDate: '2025-12-01T10:05:00.000Z', reportsTotal: 5, reportsCompleted: 5 });
    const yesterday = makeBatch({ batchId: 2, createdDate: '2026-03-01T08:00:00.000Z', completedDate: '2026-03-01T08:10:00.000Z', reportsTotal: 7, reportsCompleted: 7 });
    let current = [makeBatch({ batchId: 3, createdDate: '2026-03-02T08:30:00.000Z', reportsCompleted: 100 }), yesterday, older];
    const api = mockApi({ ...signedInRoutes(makeUser()) });
    api.on('GET reports/batch/status', (call) => ({ body: call.query.get('days') === '365' ? current : current.filter((batch) => batch.batchId !== 1) }));
    const view = renderApp({ url: '/?currentPage=Batches', width: 1400 });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const calls = () => api.callsTo('GET reports/batch/status').map((call) => call.query.get('days'));
    expect(new Set(calls())).toEqual(new Set(['365']));
    const initial = calls().length;
    const days = () => calls().slice(initial);

    current = [{ ...current[0]!, reportsCompleted: 4_000 }, yesterday, older];
    await act(() => view.queryClient.invalidateQueries({ queryKey: ['reports', 'batch', 'status'] }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('4,000 of 10,000 reports'));
    // The two newest began within two days: two days cover them; the older batch stays listed.
    expect(days()).toEqual(['2']);
    expect(rows()).toHaveLength(3);

    current = [{ ...current[0]!, reportsCompleted: 10_000, completedDate: '2026-03-02T09:00:00.000Z' }, yesterday, older];
    await act(() => view.queryClient.invalidateQueries({ queryKey: ['reports', 'batch', 'status'] }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('10,000 of 10,000 reports'));
    expect(days()).toEqual(['2', '2', '365']);
    expect(within(rows()[0]!).queryByRole('progressbar')).toBeNull();
  });
});
