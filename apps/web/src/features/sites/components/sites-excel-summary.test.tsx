import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ExcelMessages, type TSite } from '@riskatlas/domain';
import { makeTask, makeUser } from '../../../test/fixtures';
import { signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { mockSitesApi } from '../testing/serve-sites';
import { makeSite } from '../testing/make-site';

const SITES: TSite[] = [makeSite({ siteId: 11, siteName: 'Alpha' }), makeSite({ siteId: 12, siteName: 'Bravo' }), makeSite({ siteId: 13, siteName: 'Charlie' })];

async function excelSummary(user: UserEvent, ...names: string[]) {
  for (const name of names) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  await user.click(screen.getByRole('button', { name: /^Actions/ }));
  await user.click(within(await screen.findByRole('menu', { name: 'Site actions' })).getByRole('menuitem', { name: 'Excel summary' }));
}

describe('Site Library: Excel summary', () => {
  it("starts the summary of the selected sites' reports in the filter's release, shows its progress polled every 4 s, then opens File Downloads", async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    api.on('POST reports/excelsummary', { body: { taskStatusId: 77, count: 2 } });
    let status = makeTask({ taskStatusId: 77, currentStatus: 1, countTotal: 2, countCompleted: 1, message: 'Excel summary', objectType: 4 });
    api.on('GET users/taskstatuses/77', () => ({ body: status }));
    const user = userEvent.setup();
    const view = renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await excelSummary(user, 'Alpha', 'Charlie');

    await waitFor(() => expect(api.callsTo('POST reports/excelsummary')).toHaveLength(1));
    expect(api.callsTo('POST reports/excelsummary')[0]!.body).toEqual({ siteIds: [11, 13], releaseYear: -1 });
    expect(await screen.findByText('Your Excel summary is being prepared. It will appear in File Downloads when it is ready.')).toBeInTheDocument();
    expect(await screen.findByText('Preparing the Excel summary: 1 of 2 reports…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Excel summary progress' })).toHaveAttribute('aria-valuenow', '50');
    const polls = () => api.callsTo('GET users/taskstatuses/77').length;
    const before = polls();

    status = { ...status, currentStatus: 2, countCompleted: 2, detail: ExcelMessages.ready, objectID: 5 };
    await act(() => view.clock.advance(3_900));
    expect(polls()).toBe(before);
    await act(() => view.clock.advance(100));
    await waitFor(() => expect(polls()).toBe(before + 1));
    expect(await screen.findByRole('heading', { level: 1, name: 'File Downloads' })).toBeInTheDocument();
    expect(await screen.findByText('Excel summary is ready to download.')).toBeInTheDocument();
    expect(screen.queryByText(/Preparing the Excel summary/)).toBeNull();
  });

  it('shows the refusal in the spec words when the reports are more than 20,000', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    api.on('POST reports/excelsummary', { status: 400, body: { code: 'BAD_REQUEST', message: ExcelMessages.tooLarge } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await excelSummary(user, 'Bravo');
    expect(await screen.findByText(ExcelMessages.tooLarge)).toBeInTheDocument();
    expect(screen.queryByText(/Preparing the Excel summary/)).toBeNull();
  });
});

