import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeTask, makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { makeBatch } from '../testing/make-batch';

// The manual clock reads 2026-03-02T09:00:00Z.
const RUNNING_TASK = makeTask({ taskStatusId: 70, message: 'Report batch', objectType: 3, currentStatus: 1, countTotal: 10_000, countCompleted: 1_200, updated: '2026-03-02T08:59:00Z' });
const DONE_TASK = { ...RUNNING_TASK, currentStatus: 2, countCompleted: 10_000, detail: '10000 reports created.' };
const RUNNING = makeBatch({ batchId: 5, taskStatusId: 70 });
const DONE = { ...RUNNING, completedDate: '2026-03-02T08:59:30.000Z', reportsCompleted: 10_000 };

describe('batch notices', () => {
  it('never reads the batch list for a user without batch tasks', async () => {
    const api = mockApi({ ...signedInRoutes(makeUser()), 'GET users/taskstatuses': { body: [makeTask({ objectType: 4 })] } });
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    await waitFor(() => expect(api.callsTo('GET users/taskstatuses').length).toBeGreaterThan(0));
    expect(api.callsTo('GET reports/batch/status')).toHaveLength(0);
    expect(screen.queryByTestId('batch-notice')).toBeNull();
  });

  it("shows 'In Progress' with the reports done, the library's indicator, then 'Complete!' and reloads the library", async () => {
    const api = mockApi({ ...signedInRoutes(makeUser()), 'GET users/taskstatuses': { body: [RUNNING_TASK] }, 'GET reports/batch/status': { body: [RUNNING] } });
    const view = renderApp();
    const notice = await screen.findByTestId('batch-notice');
    expect(notice).toHaveTextContent('Report Batch(es) In Progress');
    expect(notice).toHaveTextContent('1,200 of 10,000 reports');
    expect(within(notice).getByRole('progressbar', { name: 'Report batch progress' })).toHaveAttribute('aria-valuenow', '12');
    expect(within(notice).getByRole('link', { name: 'View batches' })).toBeInTheDocument();
    expect(await screen.findByTestId('library-batch-progress')).toHaveTextContent('Creating reports: 1,200 of 10,000 reports');
    expect(within(notice).queryByRole('button', { name: 'Dismiss batch notice' })).toBeNull();
    const siteReads = api.callsTo('GET m/sites').length;

    api.on('GET users/taskstatuses', { body: [DONE_TASK] });
    api.on('GET reports/batch/status', { body: [DONE] });
    await act(() => view.queryClient.invalidateQueries({ queryKey: ['users', 'taskstatuses'] }));
    await waitFor(() => expect(screen.getByTestId('batch-notice')).toHaveTextContent('Report Batch(es) Complete!'));
    expect(screen.getByTestId('batch-notice')).toHaveTextContent('10,000 reports created.');
    await waitFor(() => expect(api.callsTo('GET m/sites').length).toBeGreaterThan(siteReads));
    expect(screen.getByTestId('library-batch-progress')).toHaveTextContent('The batch is complete');

    // The library's "creating" line clears 15 s after the batch completed.
    await act(() => view.clock.advance(14_000));
    expect(screen.getByTestId('library-batch-progress')).toBeInTheDocument();
    await act(() => view.clock.advance(1_000));
    expect(screen.queryByTestId('library-batch-progress')).toBeNull();
  });

  it("greets the user at start for a batch completed within 24 hours; dismissing marks its task clicked and seen", async () => {
    const api = mockApi({
      ...signedInRoutes(makeUser()),
      'GET users/taskstatuses': { body: [{ ...DONE_TASK, updated: '2026-03-01T20:00:00Z' }] },
      'GET reports/batch/status': { body: [{ ...DONE, completedDate: '2026-03-01T20:00:00.000Z' }] },
      'POST users/taskstatuses/touch': { body: { count: 1 } },
    });
    const user = userEvent.setup();
    renderApp();
    const notice = await screen.findByTestId('batch-notice');
    expect(notice).toHaveTextContent('Report Batch(es) Complete!');
    await user.click(within(notice).getByRole('button', { name: 'Dismiss batch notice' }));
    expect(screen.queryByTestId('batch-notice')).toBeNull();
    await waitFor(() => expect(api.callsTo('POST users/taskstatuses/touch')).toHaveLength(1));
    const touch = api.callsTo('POST users/taskstatuses/touch')[0];
    expect(touch?.body).toEqual([70]);
    expect(touch?.query.get('clicked')).toBe('true');
    expect(touch?.query.get('seen')).toBe('true');
  });

  it('does not greet the user for a batch completed more than 24 hours ago or already dismissed', async () => {
    const api = mockApi({
      ...signedInRoutes(makeUser()),
      'GET users/taskstatuses': { body: [{ ...DONE_TASK, updated: '2026-03-01T20:00:00Z', clicked: true }, { ...DONE_TASK, taskStatusId: 71, updated: '2026-02-28T20:00:00Z' }] },
      'GET reports/batch/status': { body: [] },
    });
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    await waitFor(() => expect(api.callsTo('GET users/taskstatuses').length).toBeGreaterThan(0));
    expect(api.callsTo('GET reports/batch/status')).toHaveLength(0);
    expect(screen.queryByTestId('batch-notice')).toBeNull();
  });
});
