import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeUser } from '../../../test/fixtures';
import { signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../testing/make-site';
import { mockSitesApi } from '../testing/serve-sites';

const SITES = [makeSite({ siteId: 11, siteName: 'Alpha' }), makeSite({ siteId: 12, siteName: 'Bravo' }), makeSite({ siteId: 13, siteName: 'Charlie' })];

/** Selects the sites by name and opens 'Delete reports' from the actions menu. */
async function openDeleteReports(user: UserEvent, ...names: string[]) {
  await screen.findAllByTestId('site-row');
  for (const name of names) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  await user.click(screen.getByRole('button', { name: /^Actions/ }));
  await user.click(within(await screen.findByRole('menu', { name: 'Site actions' })).getByRole('menuitem', { name: 'Delete reports' }));
  return screen.findByRole('dialog', { name: 'Delete reports' });
}

describe("'Delete reports' bulk action", () => {
  it('deletes every report of the selected sites after an administrator confirms it cannot be undone; the library reloads', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeAdmin()) }, SITES);
    api.on('POST reports/delete', { body: { deletedCount: 3, accountProductReportIds: [501, 502, 503], siteIds: [11, 12] } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    const dialog = await openDeleteReports(user, 'Alpha', 'Bravo');
    expect(dialog).toHaveTextContent('Delete every report of the 2 selected sites, of every release year? The sites stay in the library without reports. This cannot be undone.');
    const reads = api.callsTo('GET m/sites').length;

    await user.click(within(dialog).getByRole('button', { name: 'Delete reports' }));
    expect(await screen.findByText('3 reports have been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = api.callsTo('POST reports/delete')[0]!;
    expect(call.body).toEqual({ siteIds: [11, 12] });
    expect(call.query.get('reason')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET m/sites').length).toBeGreaterThan(reads));
  });

  it('asks provider staff for a reason, with the quick answer Customer Request', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser({ userType: 4, capMode: true, adminMode: true })) }, SITES);
    api.on('POST reports/delete', { body: { deletedCount: 0, accountProductReportIds: [], siteIds: [13] } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    const dialog = await openDeleteReports(user, 'Charlie');
    expect(dialog).toHaveTextContent('Delete every report of the selected site');
    await user.click(within(dialog).getByRole('button', { name: 'Delete reports' }));
    expect(within(dialog).getByText('Please give a reason for deleting the reports.')).toBeInTheDocument();
    expect(api.callsTo('POST reports/delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Customer Request' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete reports' }));
    expect(await screen.findByText('The selected sites had no reports to delete.')).toBeInTheDocument();
    expect(api.callsTo('POST reports/delete')[0]!.query.get('reason')).toBe('Customer Request');
  });

  it('shows the error and hides the busy state when the deletion fails', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeAdmin()) }, SITES);
    api.on('POST reports/delete', { status: 404, body: { code: 'NOT_FOUND', message: 'The site was not found.' } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    const dialog = await openDeleteReports(user, 'Alpha');
    await user.click(within(dialog).getByRole('button', { name: 'Delete reports' }));
    expect(await within(dialog).findByText('The site was not found.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete reports' })).toBeEnabled();
  });

  it('is not offered to a standard user', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await user.click(screen.getByRole('button', { name: /^Actions/ }));
    expect(within(await screen.findByRole('menu', { name: 'Site actions' })).queryByRole('menuitem', { name: 'Delete reports' })).toBeNull();
  });
});
