import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ExcelMessages, type TSite } from '@riskatlas/domain';
import { makeCounts, makeFile, makeTask, makeUser } from '../../../test/fixtures';
import { signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { mockSitesApi } from '../testing/serve-sites';
import { makeSite } from '../testing/make-site';

const SITES: TSite[] = [makeSite({ siteId: 11, siteName: 'Alpha' }), makeSite({ siteId: 12, siteName: 'Bravo' }), makeSite({ siteId: 13, siteName: 'Charlie' })];

describe('Site Library: download wizard', () => {
  it("opens with the selected sites of the filter's release, waits for an Excel summary and links its file", async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    api.on('POST reports/counts', { body: makeCounts({ total: 2, siteCount: 2 }) });
    api.on('POST reports/excelsummary', { body: { taskStatusId: 77, count: 2 } });
    let status = makeTask({ taskStatusId: 77, currentStatus: 1, countTotal: 2, countCompleted: 1, message: ExcelMessages.taskTitle, objectType: 4 });
    api.on('GET users/taskstatuses/77', () => ({ body: status }));
    const user = userEvent.setup();
    const view = renderApp({ url: '/?currentPage=Sites', width: 1400 });
    await screen.findAllByTestId('site-row');
    for (const name of ['Alpha', 'Charlie']) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
    await user.click(screen.getByRole('button', { name: /^Actions/ }));
    await user.click(within(await screen.findByRole('menu', { name: 'Site actions' })).getByRole('menuitem', { name: 'Download reports' }));

    const dialog = await screen.findByRole('dialog', { name: 'Download reports: Selection' });
    expect(within(dialog).getByText('You selected 2 sites in the current release.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByLabelText('Report counts');
    expect(api.callsTo('POST reports/counts')[0]!.body).toEqual({ siteIds: [11, 13], releaseYear: -1 });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Excel summary' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(api.callsTo('POST reports/excelsummary')).toHaveLength(1));
    expect(api.callsTo('POST reports/excelsummary')[0]!.body).toEqual({ siteIds: [11, 13], releaseYear: -1 });
    expect(await within(dialog).findByText('Preparing: 1 of 2 reports…')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('aria-valuenow', '50');

    status = { ...status, currentStatus: 2, countCompleted: 2, detail: ExcelMessages.ready, objectID: 5 };
    api.on('GET users/files', { body: [makeFile({ fileDownloadID: 5, filename: 'Excel Summary 2026-03-02.xlsx' })] });
    await act(() => view.clock.advance(4_000));
    const link = await within(dialog).findByRole('link', { name: 'Download Excel Summary 2026-03-02.xlsx' });
    expect(new URL(link.getAttribute('href')!, 'http://localhost').pathname).toBe('/api/users/files/5');
    // The wizard stays open over File Downloads, which the finished file opened behind it.
    expect(await screen.findByRole('heading', { level: 1, name: 'File Downloads', hidden: true })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open File Downloads' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows a failed job's detail in the wizard", async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    api.on('POST reports/counts', { body: makeCounts({ total: 1, siteCount: 1 }) });
    api.on('POST sites/csv', { body: { taskStatusId: 78, count: 1 } });
    api.on('GET users/taskstatuses/78', { body: makeTask({ taskStatusId: 78, currentStatus: -1, countTotal: 1, detail: 'The file store is not reachable.', objectType: 4 }) });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites', width: 1400 });
    await screen.findAllByTestId('site-row');
    await user.click(screen.getByRole('checkbox', { name: 'Select Bravo' }));
    await user.click(screen.getByRole('button', { name: /^Actions/ }));
    await user.click(within(await screen.findByRole('menu', { name: 'Site actions' })).getByRole('menuitem', { name: 'Download reports' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByLabelText('Report counts');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('radio', { name: 'CSV of the sites' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(api.callsTo('POST sites/csv')).toHaveLength(1));
    expect(api.callsTo('POST sites/csv')[0]!.body).toEqual([12]);
    expect(await within(dialog).findByText('The file store is not reachable.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  });
});
