import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TFileDownload, TTaskStatus } from '@riskatlas/domain';
import { APP_VERSION } from '../../../lib/app-version';
import { makeAdmin, makeFile, makeTask, makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const FILES: TFileDownload[] = [
  makeFile({ fileDownloadID: 1, filename: 'q1-summary.xlsx', fileDownloadType: 0, created: '2026-01-10T10:00:00Z', size: 0 }),
  makeFile({ fileDownloadID: 2, filename: 'stores-geocoded.csv', fileDownloadType: 1, created: '2026-02-20T16:30:00Z', size: 52_736 }),
  makeFile({ fileDownloadID: 3, filename: 'reports.zip', fileDownloadType: 2, created: '2026-02-01T08:15:00Z', size: -1 }),
  makeFile({ fileDownloadID: 4, filename: 'chicago-map.pdf', fileDownloadType: 3, created: '2025-12-24T09:00:00Z', size: 3_500 }),
];

const rows = () => screen.getAllByTestId('file-row');
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('File Downloads', () => {
  it('lists files newest first with type names, size rules and version-stamped download links', async () => {
    mockApi({ ...signedInRoutes(makeUser()), 'GET users/files': { body: FILES } });
    renderApp({ url: '/?currentPage=File%20Downloads' });
    await screen.findAllByTestId('file-row');
    expect(rows().map((row) => cellsOf(row)[0])).toEqual(['stores-geocoded.csv', 'reports.zip', 'q1-summary.xlsx', 'chicago-map.pdf']);
    const headers = within(screen.getByRole('table', { name: 'Files' })).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(0, 5)).toEqual(['File name', 'Download type', expect.stringContaining('Created'), 'Size', 'Download link']);

    const [geocoded, archive, summary, map] = rows() as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(cellsOf(geocoded)[1]).toBe('Geocode & Score');
    expect(cellsOf(geocoded)[3]).toBe('52 KB');
    expect(cellsOf(archive)[1]).toBe('Report Archive');
    expect(cellsOf(archive)[3]).toBe('N/A');
    expect(cellsOf(summary)[1]).toBe('Excel Summary');
    expect(cellsOf(summary)[3]).toBe('Unknown');
    expect(cellsOf(map)[1]).toBe('Citywide Map');
    expect(cellsOf(map)[3]).toBe('3.4 KB');
    expect(within(geocoded).getByRole('link', { name: 'Download stores-geocoded.csv' })).toHaveAttribute(
      'href',
      `/api/users/files/2?v=${encodeURIComponent(APP_VERSION)}`,
    );
    expect(within(geocoded).getByText(new Date('2026-02-20T16:30:00Z').toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }))).toBeInTheDocument();
  });

  it('sorts by a column header and searches by file name or download type', async () => {
    mockApi({ ...signedInRoutes(makeUser()), 'GET users/files': { body: FILES } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=File%20Downloads' });
    await screen.findAllByTestId('file-row');

    await user.click(screen.getByRole('button', { name: 'File name' }));
    expect(rows().map((row) => cellsOf(row)[0])).toEqual(['chicago-map.pdf', 'q1-summary.xlsx', 'reports.zip', 'stores-geocoded.csv']);
    await user.click(screen.getByRole('button', { name: /Created/ }));
    expect(rows().map((row) => cellsOf(row)[0])[0]).toBe('stores-geocoded.csv');

    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'archive');
    expect(rows().map((row) => cellsOf(row)[0])).toEqual(['reports.zip']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search files' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'SUMMARY');
    expect(rows().map((row) => cellsOf(row)[0])).toEqual(['q1-summary.xlsx']);
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'zzz');
    expect(screen.queryAllByTestId('file-row')).toHaveLength(0);
    expect(screen.getByText('No files match “SUMMARYzzz”.')).toBeInTheDocument();
  });

  it('deletes a file only after confirmation', async () => {
    let files = [...FILES];
    const api = mockApi({ ...signedInRoutes(makeUser()) });
    api.on('GET users/files', () => ({ body: files }));
    api.on('POST users/files/delete', (call) => {
      files = files.filter((file) => !(call.body as number[]).includes(file.fileDownloadID));
      return { body: { count: 1 } };
    });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=File%20Downloads' });
    await screen.findAllByTestId('file-row');

    await user.click(screen.getByRole('button', { name: 'Delete reports.zip' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(dialog).toHaveTextContent('Delete reports.zip? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST users/files/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete reports.zip' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete file' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('reports.zip')).toBeNull());
    expect(api.callsTo('POST users/files/delete')[0]?.body).toEqual([3]);
    expect(api.callsTo('POST users/files/delete')[0]?.headers['x-csrf-token']).toBe('csrf-test-token');
    expect(rows()).toHaveLength(3);
  });

  it('shows an empty state, and no delete or export actions to a read-only user', async () => {
    mockApi({ ...signedInRoutes(makeUser({ userType: 1, readOnlyMode: true })), 'GET users/files': { body: [] } });
    const view = renderApp({ url: '/?currentPage=File%20Downloads' });
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export activity log' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download account data' })).toBeNull();
    view.unmount();

    mockApi({ ...signedInRoutes(makeUser({ userType: 1, readOnlyMode: true })), 'GET users/files': { body: FILES } });
    renderApp({ url: '/?currentPage=File%20Downloads' });
    await screen.findAllByTestId('file-row');
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('lets an admin export the activity log: progress in the bell, then the file appears', async () => {
    const exported = makeFile({ fileDownloadID: 77, filename: 'activity-log-2026-03-02.csv', fileDownloadType: 0, created: '2026-03-02T09:00:10Z', size: 4096 });
    let files = [...FILES];
    let polls = 0;
    let tasks: TTaskStatus[] = [];
    const api = mockApi(signedInRoutes(makeAdmin()));
    api.on('GET users/files', () => ({ body: files }));
    api.on('GET users/taskstatuses', () => ({ body: tasks }));
    api.on('POST account/activity/export', () => {
      tasks = [makeTask({ taskStatusId: 55, currentStatus: 0, objectType: 4 })];
      return { body: { taskStatusId: 55 } };
    });
    api.on('GET users/taskstatuses/55', () => {
      polls += 1;
      if (polls < 2) {
        tasks = [makeTask({ taskStatusId: 55, currentStatus: 1, countTotal: 4, countCompleted: 2, objectType: 4 })];
      } else {
        files = [exported, ...files];
        tasks = [makeTask({ taskStatusId: 55, currentStatus: 2, countTotal: 4, countCompleted: 4, objectType: 4, objectID: 77, detail: 'The activity log is ready.' })];
      }
      return { body: tasks[0] };
    });
    const user = userEvent.setup();
    const view = renderApp({ url: '/?currentPage=File%20Downloads' });
    await screen.findAllByTestId('file-row');

    await user.click(screen.getByRole('button', { name: 'Export activity log' }));
    await waitFor(() => expect(api.callsTo('POST account/activity/export')).toHaveLength(1));
    expect(api.callsTo('POST account/activity/export')[0]?.headers['x-csrf-token']).toBe('csrf-test-token');
    await waitFor(() => expect(polls).toBe(1));
    // The task list is refreshed at once when the job starts.
    await waitFor(() => expect(api.callsTo('GET users/taskstatuses').length).toBeGreaterThan(1));

    await user.click(screen.getByTestId('notifications-button'));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('2 of 4 (50%)')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await act(() => view.clock.advance(5000));
    await waitFor(() => expect(polls).toBe(2));
    expect(await screen.findByText('activity-log-2026-03-02.csv')).toBeInTheDocument();
    expect(rows().map((row) => cellsOf(row)[0])[0]).toBe('activity-log-2026-03-02.csv');
    expect(await screen.findByText('Activity log export is ready to download.')).toBeInTheDocument();
  });

  it("opens the download wizard on the account's data for an admin", async () => {
    mockApi({ ...signedInRoutes(makeAdmin()), 'GET users/files': { body: FILES } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=File%20Downloads' });
    await screen.findAllByTestId('file-row');
    await user.click(screen.getByRole('button', { name: 'Download account data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download reports: Data' });
    expect(within(dialog).getByRole('radio', { name: /^The account's data/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    mockApi({ ...signedInRoutes(makeUser()), 'GET users/files': { status: 503, body: { code: 'UNAVAILABLE', message: 'The file store is unavailable.' } } });
    renderApp({ url: '/?currentPage=File%20Downloads' });
    expect(await screen.findByText('The file store is unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
