import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TSite } from '@riskatlas/domain';
import { makeAdmin, makeUser } from '../../../test/fixtures';
import { signedInRoutes } from '../../../test/mock-api';
import { mockSitesApi } from '../testing/serve-sites';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../testing/make-site';

const SITES: TSite[] = [
  makeSite({
    siteId: 1,
    siteName: 'Warehouse 10',
    tags: ['North', 'VIP'],
    s: { '2': 450, '3': 120 },
    l: { r: 2026, p: 1, f: 5 },
    lrr: '2026-02-10T10:00:00.000Z',
    eid: 'WH-10',
    ct: 1,
    created: '2025-01-05T08:00:00.000Z',
  }),
  makeSite({ siteId: 2, siteName: 'Warehouse 9', city: 'Chicago', created: '2026-03-02T07:00:00.000Z', ct: 0 }),
  makeSite({ siteId: 3, siteName: 'Álamo Store', city: 'Austin', state: 'TX', s: { '2': 90 }, l: { r: 2025, p: 0, f: 0 }, lrr: '2025-05-01T00:00:00.000Z', created: '2026-02-28T09:00:00.000Z' }),
];

const rowNames = () => screen.getAllByTestId('site-row').map((row) => within(row).getAllByRole('gridcell')[1]?.textContent);
const headerLabels = () => within(screen.getByRole('grid', { name: 'Sites' })).getAllByRole('columnheader').map((cell) => cell.textContent);
const cell = (row: HTMLElement, column: string) => row.querySelector(`[data-column="${column}"]`) as HTMLElement;

describe('Site Library grid', () => {
  it('lists every site newest first with the default columns, each drawn by its column type; a name sort is natural', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    expect(api.callsTo('GET m/sites')[0]?.query.get('releaseYear')).toBe('-1');
    expect(screen.getByText('3 sites')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Warehouse 9', 'Álamo Store', 'Warehouse 10']);
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
    // Natural order: accents ignored, 9 before 10.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Site Name' }));
    expect(rowNames()).toEqual(['Álamo Store', 'Warehouse 9', 'Warehouse 10']);
    expect(headerLabels().slice(1, 6)).toEqual(['Site Name', 'Report', 'Tags', 'Composite score', 'Risk level']);
    expect(headerLabels()).toContain('External ID');

    const warehouse10 = screen.getAllByTestId('site-row')[2]!;
    expect(cell(warehouse10, 'siteName')).toHaveTextContent('Warehouse 10');
    expect(within(cell(warehouse10, 'siteName')).getByRole('button', { name: 'Warehouse 10' })).toBeInTheDocument();
    expect(within(cell(warehouse10, 'reportStatus')).getByRole('img', { name: 'Premium report, 2026 release' })).toBeInTheDocument();
    expect(cell(warehouse10, 'tags')).toHaveTextContent('NorthVIP');
    expect(cell(warehouse10, 'score2')).toHaveTextContent('450');
    expect(cell(warehouse10, 'riskLevel')).toHaveTextContent('Medium-High');
    expect(cell(warehouse10, 'riskLevel').querySelector('[data-fill]')).toHaveAttribute('data-fill', '#fb8c00');
    expect(cell(warehouse10, 'latestRelease')).toHaveTextContent('2026');
    expect(cell(warehouse10, 'eid')).toHaveTextContent('WH-10');
    expect(cell(warehouse10, 'ct')).toHaveTextContent('Suburban');
    expect(cell(warehouse10, 'country')).toHaveTextContent('United States');
    expect(cell(warehouse10, 'lrr').querySelector('time')).toHaveAttribute('dateTime', '2026-02-10T10:00:00.000Z');
    expect(within(cell(warehouse10, 'actions')).getByRole('button', { name: 'Edit Warehouse 10' })).toBeInTheDocument();
    expect(within(cell(warehouse10, 'actions')).getByRole('button', { name: 'Comments for Warehouse 10' })).toBeInTheDocument();

    const warehouse9 = screen.getAllByTestId('site-row')[1]!;
    // Meta cells of a site without a report say why they are empty.
    expect(within(cell(warehouse9, 'latestRelease')).getByLabelText('No report in this release')).toHaveTextContent('—');
    expect(within(cell(warehouse9, 'reportStatus')).getByRole('img', { name: 'No report in this release' })).toBeInTheDocument();
  });

  it('sorts by a header, flipping on a second click, empty values last either way', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');

    await user.click(screen.getByRole('button', { name: 'Composite score' }));
    expect(rowNames()).toEqual(['Álamo Store', 'Warehouse 10', 'Warehouse 9']);
    expect(screen.getByRole('columnheader', { name: /Composite score/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Composite score' }));
    expect(rowNames()).toEqual(['Warehouse 10', 'Álamo Store', 'Warehouse 9']);
    expect(screen.getByRole('columnheader', { name: /Composite score/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Created' }));
    expect(rowNames()).toEqual(['Warehouse 10', 'Álamo Store', 'Warehouse 9']);
    await user.click(screen.getByRole('button', { name: 'Created' }));
    expect(rowNames()).toEqual(['Warehouse 9', 'Álamo Store', 'Warehouse 10']);
  });

  it('highlights sites created within the last 18 hours', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    // The manual clock stands at 2026-03-02 09:00 UTC: Warehouse 9 is 2 hours old, Álamo Store 2 days.
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    const rows = screen.getAllByTestId('site-row');
    // Newest first: the new site leads.
    expect(rows.map((row) => row.getAttribute('data-new'))).toEqual(['true', null, null]);
    expect(within(rows[0]!).getByText('New site')).toBeInTheDocument();
  });

  it('says the library is empty when there are no sites', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser()) }, []);
    renderApp({ url: '/?currentPage=Sites' });
    expect(await screen.findByText('Your site library is empty')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser()) }, () => ({ status: 500, body: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }));
    renderApp({ url: '/?currentPage=Sites' });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
  });

  it('draws only the rows in view of a long list and reaches the last row by scrolling', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => makeSite({ siteId: i + 1, siteName: `Store ${String(i + 1).padStart(4, '0')}` }));
    mockSitesApi({ ...signedInRoutes(makeUser()) }, many);
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    const grid = screen.getByRole('grid', { name: 'Sites' });
    expect(grid).toHaveAttribute('aria-rowcount', '5001');
    expect(screen.getAllByTestId('site-row').length).toBeLessThan(40);

    grid.scrollTop = 4999 * 48;
    fireEvent.scroll(grid);
    await waitFor(() => expect(rowNames()).toContain('Store 5000'));
    expect(screen.getAllByTestId('site-row').length).toBeLessThan(40);
    const last = screen.getAllByTestId('site-row').at(-1)!;
    expect(last).toHaveAttribute('aria-rowindex', '5001');
    expect(last.style.transform).toBe(`translateY(${4999 * 48}px)`);
  });
});

describe('Site Library columns', () => {
  it('hides and reorders columns in the settings and saves them for the user', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tags' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Report down' }));
    expect(within(dialog).queryByRole('button', { name: 'Save for all users' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await waitFor(() => expect(api.callsTo('POST users/prefs')).toHaveLength(1));
    const call = api.callsTo('POST users/prefs')[0]!;
    expect(call.query.get('type')).toBe('libraryColumns');
    const saved = call.body as { id: string; width: number; hidden: boolean }[];
    expect(saved.slice(0, 3).map((entry) => entry.id)).toEqual(['siteName', 'tags', 'reportStatus']);
    expect(saved.find((entry) => entry.id === 'tags')?.hidden).toBe(true);
    expect(saved.find((entry) => entry.id === 'notes')?.hidden).toBe(false);

    expect(headerLabels()).not.toContain('Tags');
    expect(headerLabels()).toContain('Notes');
    expect(headerLabels().slice(1, 3)).toEqual(['Site Name', 'Report']);
  });

  it('opens with the saved layout: order, widths and hidden columns; columns added since follow', async () => {
    mockSitesApi({
      ...signedInRoutes(makeUser()),
      'GET users/prefs': (call) => ({
        body: {
          type: call.query.get('type'),
          value:
            call.query.get('type') === 'libraryColumns'
              ? [
                  { id: 'city', width: 300 },
                  { id: 'siteName', width: 200 },
                  { id: 'noLongerExists', width: 100 },
                  ...['reportStatus', 'tags', 'score2', 'riskLevel', 'lrr', 'latestRelease', 'eid', 'street', 'state', 'zipCode', 'country', 'ct', 'created', 'actions'].map((id) => ({ id, hidden: true })),
                ]
              : null,
        },
      }),
    }, SITES);
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    expect(headerLabels().slice(1)).toEqual(['City', 'Site Name']);
    expect(screen.getByRole('columnheader', { name: /City/ }).style.width || getComputedStyle(screen.getByRole('columnheader', { name: /City/ })).width).toBe('300px');
  });

  it('resizes a column from its edge, never below 40 px, and saves the width', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    const handle = screen.getByRole('separator', { name: 'Resize City' });
    expect(handle).toHaveAttribute('aria-valuenow', '150');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByRole('separator', { name: 'Resize City' })).toHaveAttribute('aria-valuenow', '160'));
    const saved = api.callsTo('POST users/prefs')[0]!.body as { id: string; width: number }[];
    expect(saved.find((entry) => entry.id === 'city')?.width).toBe(160);

    const state = screen.getByRole('separator', { name: 'Resize State' });
    fireEvent.pointerDown(state, { clientX: 500, pointerId: 1 });
    fireEvent.pointerMove(state, { clientX: 100, pointerId: 1 });
    fireEvent.pointerUp(state, { clientX: 100, pointerId: 1 });
    await waitFor(() => expect(screen.getByRole('separator', { name: 'Resize State' })).toHaveAttribute('aria-valuenow', '40'));
    const last = api.callsTo('POST users/prefs').at(-1)!.body as { id: string; width: number }[];
    expect(last.find((entry) => entry.id === 'state')?.width).toBe(40);
  });

  it('locks the columns when the account says so, except for administrators', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser({}, { lockLibraryViewColumns: true })) }, SITES);
    const view = renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    expect(screen.getByRole('button', { name: 'Columns' })).toBeDisabled();
    expect(within(screen.getByRole('grid')).queryAllByRole('separator')).toHaveLength(0);
    view.unmount();

    const api = mockSitesApi({ ...signedInRoutes(makeAdmin({}, { lockLibraryViewColumns: true })) }, SITES);
    api.on('POST users/prefs/setforall', (call) => ({ body: { type: 'libraryColumns', value: call.body, usersUpdated: 3 } }));
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    expect(within(screen.getByRole('grid')).getAllByRole('separator').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Notes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save for all users' }));
    await waitFor(() => expect(api.callsTo('POST users/prefs/setforall')).toHaveLength(1));
    expect(api.callsTo('POST users/prefs/setforall')[0]?.query.get('type')).toBe('libraryColumns');
    await waitFor(() => expect(headerLabels()).toContain('Notes'));
  });
});
