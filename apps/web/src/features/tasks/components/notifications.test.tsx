import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TTaskStatus } from '@riskatlas/domain';
import { makeAdmin, makeTask, makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { currentQuery, renderApp } from '../../../test/render-app';

describe('notifications bell', () => {
  it('lists jobs with determinate or indeterminate progress and finished detail; types 1 and 3 are not listed', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    api.on('GET users/taskstatuses', {
      body: [
        makeTask({ taskStatusId: 1, message: 'Site deletion', currentStatus: 1, countTotal: 10, countCompleted: 3, created: '2026-03-02T08:58:00Z' }),
        makeTask({ taskStatusId: 2, message: 'Excel summary', currentStatus: 0, countTotal: 0, created: '2026-03-02T08:50:00Z' }),
        makeTask({ taskStatusId: 3, message: 'Import', currentStatus: 2, detail: '120 sites imported.', seen: true, created: '2026-03-02T08:00:00Z' }),
        makeTask({ taskStatusId: 4, message: 'Hidden bookkeeping', taskStatusType: 1 }),
        makeTask({ taskStatusId: 5, message: 'Maintenance notice', taskStatusType: 3, seen: true }),
      ],
    });
    const user = userEvent.setup();
    renderApp();
    const bell = await screen.findByTestId('notifications-button');
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 2 new, tasks in progress'));
    expect(screen.getByTestId('notifications-running')).toBeInTheDocument();

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    // Newest first.
    const items = within(panel).getAllByTestId('task-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Site deletion'),
      expect.stringContaining('Excel summary'),
      expect.stringContaining('Import'),
    ]);
    expect(items[0]).toHaveTextContent('3 of 10 (30%)');
    expect(within(items[0] as HTMLElement).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    expect(items[1]).toHaveTextContent('In progress…');
    expect(within(items[1] as HTMLElement).getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    expect(items[2]).toHaveTextContent('120 sites imported.');
    expect(within(panel).queryByText('Hidden bookkeeping')).toBeNull();
    expect(within(panel).queryByText('Maintenance notice')).toBeNull();

    // Opening the list marks the tasks seen.
    await waitFor(() => expect(api.calls.some((call) => call.path === 'users/taskstatuses' && call.query.get('markSeen') === 'true')).toBe(true));
  });

  it('dismisses a notification', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    let tasks: TTaskStatus[] = [makeTask({ taskStatusId: 9, message: 'Excel summary', currentStatus: 2, detail: 'Ready.', seen: true })];
    api.on('GET users/taskstatuses', () => ({ body: tasks }));
    api.on('POST users/taskstatuses/delete', (call) => {
      tasks = tasks.filter((task) => !(call.body as number[]).includes(task.taskStatusId));
      return { body: { count: 1 } };
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('notifications-button'));
    await user.click(await screen.findByRole('button', { name: 'Dismiss Excel summary' }));
    await waitFor(() => expect(screen.queryByTestId('task-item')).toBeNull());
    expect(api.callsTo('POST users/taskstatuses/delete')[0]?.body).toEqual([9]);
  });
});

describe('type-3 alerts', () => {
  it('shows unseen alerts one at a time, marking each clicked and seen as it is shown', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    api.on('GET users/taskstatuses', {
      body: [
        makeTask({ taskStatusId: 21, taskStatusType: 3, message: 'Planned maintenance', detail: 'Saturday 02:00 UTC.', created: '2026-03-01T08:00:00Z' }),
        makeTask({ taskStatusId: 22, taskStatusType: 3, message: 'New release year', detail: '2025 data is live.', created: '2026-03-01T09:00:00Z' }),
        makeTask({ taskStatusId: 23, taskStatusType: 3, message: 'Old notice', seen: true }),
      ],
    });
    api.on('POST users/taskstatuses/touch', { body: { count: 1 } });
    const user = userEvent.setup();
    renderApp();

    const first = await screen.findByRole('dialog', { name: 'Planned maintenance' });
    expect(first).toHaveTextContent('Saturday 02:00 UTC.');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('POST users/taskstatuses/touch')).toHaveLength(1));
    const touch = api.callsTo('POST users/taskstatuses/touch')[0];
    expect(touch?.body).toEqual([21]);
    expect(touch?.query.get('clicked')).toBe('true');
    expect(touch?.query.get('seen')).toBe('true');

    await user.click(within(first).getByRole('button', { name: 'OK' }));
    const second = await screen.findByRole('dialog', { name: 'New release year' });
    expect(second).toHaveTextContent('2025 data is live.');
    await waitFor(() => expect(api.callsTo('POST users/taskstatuses/touch')).toHaveLength(2));
    expect(api.callsTo('POST users/taskstatuses/touch')[1]?.body).toEqual([22]);

    await user.click(within(second).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Old notice')).toBeNull();
  });
});

describe('a finished file task', () => {
  const running = makeTask({ taskStatusId: 31, message: 'Report archive', currentStatus: 1, objectType: 4 });
  const done = { ...running, currentStatus: 2, detail: 'Your archive is ready.', objectID: 501 };

  it('opens File Downloads for a non-admin', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    api.on('GET users/taskstatuses', { body: [running] });
    const view = renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    await waitFor(() => expect(api.callsTo('GET users/taskstatuses').length).toBeGreaterThan(0));

    api.on('GET users/taskstatuses', { body: [done] });
    await act(() => view.queryClient.invalidateQueries({ queryKey: ['users', 'taskstatuses'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'File Downloads' })).toBeInTheDocument();
    expect(currentQuery().get('currentPage')).toBe('File Downloads');
  });

  it('gives an admin a notification with a link instead', async () => {
    const api = mockApi(signedInRoutes(makeAdmin()));
    api.on('GET users/taskstatuses', { body: [running] });
    const user = userEvent.setup();
    const view = renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    await waitFor(() => expect(api.callsTo('GET users/taskstatuses').length).toBeGreaterThan(0));

    api.on('GET users/taskstatuses', { body: [done] });
    await act(() => view.queryClient.invalidateQueries({ queryKey: ['users', 'taskstatuses'] }));
    const notice = await screen.findByText('Report archive is ready to download.');
    expect(screen.getByRole('heading', { level: 1, name: 'Site Library' })).toBeInTheDocument();
    await user.click(within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Open File Downloads' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'File Downloads' })).toBeInTheDocument();
  });

  it('does nothing for a task that had already finished before the app saw it running', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    api.on('GET users/taskstatuses', { body: [done] });
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    await waitFor(() => expect(api.callsTo('GET users/taskstatuses').length).toBeGreaterThan(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Site Library' })).toBeInTheDocument();
  });
});
