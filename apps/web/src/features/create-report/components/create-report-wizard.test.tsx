import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TBatchPreview, TSite } from '@riskatlas/domain';
import { makeAdmin, makeUser } from '../../../test/fixtures';
import { signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { librarySite, mockLibrary } from '../testing/library';
import { licencesLeft, makeReport } from '../testing/make-report';
import { closeCreateReport } from '../create-report-store';

// The panel's store outlives a test's render: each test starts with it closed. Closing it before the
// render (nothing mounted) needs no act(); an awaited act() in afterEach reopens React's act scope
// while later async work runs outside it, which React reports as an unsupported environment.
beforeEach(() => closeCreateReport());

const ALL_PRODUCTS = Object.fromEntries([0, 1, 6, 100, 101, 102, 104, 105, 150, 200, 201, 202].map((id) => [String(id), 1]));
const admin = () => makeAdmin({ allowProduct: ALL_PRODUCTS });

async function runAction(user: UserEvent, action: string, ...names: string[]) {
  for (const name of names) await user.click(await screen.findByRole('checkbox', { name: `Select ${name}` }));
  await user.click(screen.getByRole('button', { name: /^Actions/ }));
  await user.click(within(await screen.findByRole('menu', { name: 'Site actions' })).getByRole('menuitem', { name: action }));
}

const preview = (overrides: Partial<TBatchPreview> = {}): TBatchPreview => ({
  count: 2,
  duplicateReports: 1,
  duplicateSiteIds: [3],
  notScorableSiteIds: [],
  notFoundSiteIds: [],
  licenseCounts: { total: 2, nonSupplementalCount: 2 },
  licensesByProduct: { '0': 2 },
  shortfalls: [],
  message: null,
  ...overrides,
});

describe('Create Report for one site', () => {
  it('checks the methodologies, offers add-ons, shows the licences it will use and creates the report', async () => {
    const sites = [librarySite({ siteId: 1, siteName: 'Alpha' })];
    const api = mockLibrary(
      { ...signedInRoutes(admin()), 'GET account/licenses': licencesLeft({ '1': 5, '100': 2 }), 'POST reports': { body: makeReport({ reportType: 1, methodologyTypeIds: [2, 3] }) } },
      () => sites,
    );
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await runAction(user, 'Create report or batch', 'Alpha');
    const wizard = await screen.findByRole('dialog', { name: 'Create a report for Alpha' });

    await user.click(within(wizard).getByRole('radio', { name: /^Premium —/ }));
    // Methodologies in priority order 2, 3, 1, 4; Premium starts with the account's two defaults.
    const methodology = (index: number) => within(wizard).getAllByRole('checkbox')[index]!;
    expect([0, 1, 2, 3].map((index) => (methodology(index) as HTMLInputElement).checked)).toEqual([true, true, false, false]);
    await user.click(methodology(1));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    expect(await within(wizard).findByText('Please select 2 methodologies.')).toBeInTheDocument();
    await user.click(methodology(1));
    await user.click(methodology(3));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    expect(await within(wizard).findByText('Please select no more than 2 methodologies.')).toBeInTheDocument();
    await user.click(methodology(3));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));

    await user.click(await within(wizard).findByRole('checkbox', { name: 'Heat Map add-on' }));
    expect(within(wizard).queryByRole('checkbox', { name: 'Demographics add-on (Basic)' })).toBeNull();
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));

    const table = await within(wizard).findByRole('table', { name: 'Licences' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['LicenceWill useYou have left', 'Premium15', 'Heat Map add-on12']);
    await user.click(within(wizard).getByRole('button', { name: 'Create report' }));

    expect(await screen.findByText('Your report is now available in your Site Library...')).toBeInTheDocument();
    expect(api.callsTo('POST reports')[0]!.body).toMatchObject({ siteId: 1, reportType: 1, methodologyTypeIds: [2, 3], addOnProducts: [100] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('GET m/sites').length).toBeGreaterThan(1);
  });

  it('names what is short and creates nothing', async () => {
    const sites = [librarySite({ siteId: 1, siteName: 'Alpha' })];
    const api = mockLibrary({ ...signedInRoutes(makeAdmin({ allowProduct: { '0': 1 } })), 'GET account/licenses': licencesLeft({ '0': 0 }) }, () => sites);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await runAction(user, 'Create report or batch', 'Alpha');
    const wizard = await screen.findByRole('dialog', { name: 'Create a report for Alpha' });
    expect(within(wizard).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Basic — 1 methodology, 90 scores']);
    await user.click(within(wizard).getByRole('radio', { name: /^Basic/ }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    expect(await within(wizard).findByText('Not enough Basic licences: 1 needed, 0 remaining (short by 1).')).toBeInTheDocument();
    expect(within(wizard).getByText(/Purchase more licences, or ask your administrator, then try again/)).toBeInTheDocument();
    expect(within(wizard).getByRole('button', { name: 'Create report' })).toBeDisabled();
    expect(api.callsTo('POST reports')).toHaveLength(0);
  });

  it('says why a report could not be created and returns to the report type with the choice reset', async () => {
    const sites = [librarySite({ siteId: 1, siteName: 'Alpha' })];
    mockLibrary(
      {
        ...signedInRoutes(admin()),
        'GET account/licenses': licencesLeft({ '0': 5 }),
        'POST reports': { status: 400, body: { code: 'BAD_REQUEST', message: 'The location is not scorable. Please verify coordinates and try again.' } },
      },
      () => sites,
    );
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await runAction(user, 'Create report or batch', 'Alpha');
    const wizard = await screen.findByRole('dialog', { name: 'Create a report for Alpha' });
    await user.click(within(wizard).getByRole('radio', { name: /^Basic/ }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Create report' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('The report could not be created. The location is not scorable. Please verify coordinates and try again.');
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    expect(await within(wizard).findByRole('radio', { name: /^Basic/ })).not.toBeChecked();
    expect(within(wizard).getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});

describe('Create a report from scratch', () => {
  it('finds a site already at the location; selecting it leaves scratch mode for a report on that site', async () => {
    const existing = librarySite({ siteId: 5, siteName: 'Old Store' });
    const api = mockLibrary(
      {
        ...signedInRoutes(admin()),
        'POST sites/withname': { body: 0 },
        'GET sites/isscorable/39.7817/-89.6501': { body: { isScorable: true, countryId: 1 } },
        'POST sites/atlocation/0': { body: [{ ...existing, distance: 2 }] },
        'GET account/licenses': licencesLeft({ '0': 3 }),
        'POST reports': { body: makeReport({ siteId: 5 }) },
      },
      () => [existing],
    );
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await user.click(await screen.findByRole('button', { name: 'Create Report' }));
    const wizard = await screen.findByRole('dialog', { name: 'Create a report' }, { timeout: 5000 });
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    expect(await within(wizard).findByText('Site Name is required.')).toBeInTheDocument();
    await user.type(within(wizard).getByLabelText(/Site name/), 'New Store');
    await user.type(within(wizard).getByLabelText('Latitude'), '39.7817');
    await user.type(within(wizard).getByLabelText('Longitude'), '-89.6501');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    const duplicate = await screen.findByRole('dialog', { name: 'A site is already at this location' });
    await user.click(within(duplicate).getByRole('button', { name: 'Select this site' }));

    const single = await screen.findByRole('dialog', { name: 'Create a report for Old Store' });
    await user.click(await within(single).findByRole('radio', { name: /^Basic/ }));
    await user.click(within(single).getByRole('button', { name: 'Next' }));
    await user.click(await within(single).findByRole('button', { name: 'Next' }));
    await user.click(await within(single).findByRole('button', { name: 'Create report' }));
    expect(await screen.findByText('Your report is now available in your Site Library...')).toBeInTheDocument();
    expect(api.callsTo('POST reports')[0]!.body).toMatchObject({ siteId: 5, reportType: 0 });
    expect(api.callsTo('POST reports')[0]!.body).not.toHaveProperty('siteName');
  });
});

describe('Release years', () => {
  it('offers provider staff a Default choice and earlier years', async () => {
    mockLibrary({ ...signedInRoutes(makeAdmin({ userType: 4, capMode: true, allowProduct: ALL_PRODUCTS })) }, () => [librarySite({ siteId: 1, siteName: 'Alpha' })]);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await runAction(user, 'Create report or batch', 'Alpha');
    const wizard = await screen.findByRole('dialog', { name: 'Create a report for Alpha' });
    await user.click(within(wizard).getByLabelText('Release year'));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options.slice(0, 3)).toEqual(['Default', '2026', '2025']);
  });

  it('lets an end user backdate one report where the chart allows it, with the backdate fee in the licences', async () => {
    const api = mockLibrary(
      {
        ...signedInRoutes(makeAdmin({ allowProduct: ALL_PRODUCTS }, { allowBackdating: true })),
        'GET account/backdatechart': { body: { allowed: true, message: null, entries: [{ countryId: 1, releaseYear: 2024, feeProductId: 150, feeLicenses: 1 }] } },
        'GET account/licenses': licencesLeft({ '0': 3, '150': 1 }),
        'POST reports': { body: makeReport({ releaseYear: 2024 }) },
      },
      () => [librarySite({ siteId: 1, siteName: 'Alpha' })],
    );
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await runAction(user, 'Create report or batch', 'Alpha');
    const wizard = await screen.findByRole('dialog', { name: 'Create a report for Alpha' });
    await user.click(within(wizard).getByRole('radio', { name: /^Basic/ }));
    await user.click(await within(wizard).findByLabelText('Release year'));
    await user.click(await screen.findByRole('option', { name: '2024 — Backdate fee: 1 licence' }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Next' }));
    expect(await within(wizard).findByRole('table', { name: 'Licences' })).toHaveTextContent('Backdate fee11');
    await user.click(within(wizard).getByRole('button', { name: 'Create report' }));
    expect(await screen.findByText('Your report is now available in your Site Library...')).toBeInTheDocument();
    expect(api.callsTo('POST reports')[0]!.body).toMatchObject({ siteId: 1, releaseYear: 2024 });
  });
});

describe('Create New Report in the site dialog', () => {
  it('is offered for a site without a current report and opens the panel for it', async () => {
    const sites = [librarySite({ siteId: 1, siteName: 'Alpha' }), librarySite({ siteId: 2, siteName: 'Bravo', l: { r: 2026, p: 0, f: 0 }, s: { '2': 90 } })];
    mockLibrary({ ...signedInRoutes(admin()) }, () => sites);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites&siteId=2' });
    const current = await screen.findByRole('dialog', { name: 'Bravo' });
    expect(within(current).queryByRole('button', { name: 'Create New Report' })).toBeNull();
    await user.click(within(current).getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Alpha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alpha' });
    await user.click(within(dialog).getByRole('button', { name: 'Create New Report' }));
    expect(await screen.findByRole('dialog', { name: 'Create a report for Alpha' })).toBeInTheDocument();
  });
});

describe('Create reports for several sites', () => {
  it('checks the batch first, then asks to Proceed without the sites that already have reports', async () => {
    const sites: TSite[] = [1, 2, 3].map((siteId) => librarySite({ siteId, siteName: `Store ${siteId}` }));
    const api = mockLibrary(
      {
        ...signedInRoutes(admin()),
        'GET account/licenses': licencesLeft({ '0': 10 }),
        'POST reports/batch': (call) => (call.query.get('isSimulation') === 'true' ? { body: preview() } : { body: { batchId: 4, taskStatusId: 40, reportsTotal: 2 } }),
      },
      () => sites,
    );
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await runAction(user, 'Create report or batch', 'Store 1', 'Store 2', 'Store 3');
    const wizard = await screen.findByRole('dialog', { name: 'Create reports for 3 sites' });
    await user.click(within(wizard).getByRole('button', { name: 'See the 3 selected sites' }));
    const selected = await screen.findByRole('dialog', { name: 'Selected sites (3)' });
    await user.click(within(selected).getByRole('button', { name: 'Close' }));

    await user.click(await within(wizard).findByRole('radio', { name: /^Basic/ }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    const check = await within(wizard).findByTestId('batch-check');
    expect(check).toHaveTextContent('3 sites selected: 2 reports will be created.');
    expect(check).toHaveTextContent('1 site already has a report for the current release year and will be left out.');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Next' }));
    expect(await within(wizard).findByRole('table', { name: 'Licences' })).toHaveTextContent('Basic210');
    await user.click(within(wizard).getByRole('checkbox', { name: 'Send me an e-mail when it is ready' }));
    await user.click(within(wizard).getByRole('button', { name: 'Create reports' }));

    const confirm = await screen.findByRole('dialog', { name: 'Sites already have reports' });
    expect(confirm).toHaveTextContent('1 of the 3 selected site(s) already have a report for the current release year. Proceed to create reports for the other 2 site(s) only.');
    await user.click(within(confirm).getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Creating 2 reports. The Site Library shows the progress.')).toBeInTheDocument();
    const started = api.callsTo('POST reports/batch').filter((call) => call.query.get('isSimulation') !== 'true');
    expect(started).toHaveLength(1);
    expect(started[0]!.query.get('ignoreCounts')).toBe('true');
    expect(started[0]!.body).toMatchObject({ siteIds: [1, 2, 3], reportType: 0, sendEmailNotification: true });
  });

  it('keeps batches to administrators unless the account lets standard users batch', async () => {
    const sites: TSite[] = [1, 2].map((siteId) => librarySite({ siteId, siteName: `Store ${siteId}` }));
    const api = mockLibrary({ ...signedInRoutes(makeUser({ allowProduct: ALL_PRODUCTS })) }, () => sites);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await runAction(user, 'Create report or batch', 'Store 1', 'Store 2');
    expect(await screen.findByText(/Only administrators can create reports for several sites at once in this account/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST reports/batch')).toHaveLength(0);
  });

  it('stops at the check when none of the sites can get a report', async () => {
    const sites: TSite[] = [1, 2].map((siteId) => librarySite({ siteId, siteName: `Store ${siteId}` }));
    mockLibrary(
      {
        ...signedInRoutes(admin()),
        'POST reports/batch': { body: preview({ count: 0, duplicateReports: 2, message: 'The selected sites already have a report for the current release year. No reports were created.' }) },
      },
      () => sites,
    );
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await runAction(user, 'Create report or batch', 'Store 1', 'Store 2');
    const wizard = await screen.findByRole('dialog', { name: 'Create reports for 2 sites' });
    await user.click(within(wizard).getByRole('radio', { name: /^Basic/ }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    expect(await within(wizard).findByText('The selected sites already have a report for the current release year. No reports were created.')).toBeInTheDocument();
    expect(within(wizard).getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

describe('Upgrade reports', () => {
  const basic = { r: 2026, p: 0, f: 0 };

  it('needs a specific release year in the site filter', async () => {
    const sites = [
      librarySite({ siteId: 1, siteName: 'Alpha', l: basic, s: { '2': 100 } }),
      librarySite({ siteId: 2, siteName: 'Bravo', l: { r: 2026, p: 1, f: 0 }, s: { '2': 100 } }),
      librarySite({ siteId: 3, siteName: 'Charlie', l: basic, s: { '2': 120 } }),
      librarySite({ siteId: 4, siteName: 'Delta' }),
    ];
    mockLibrary({ ...signedInRoutes(admin()) }, () => sites);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await runAction(user, 'Upgrade reports', 'Alpha');
    expect(await screen.findByText('A specific release year must be selected in the site filter to use this feature.')).toBeInTheDocument();
  });

  it('upgrades one Basic report to Premium, showing the upgrade licence', async () => {
    const sites = [librarySite({ siteId: 1, siteName: 'Alpha', l: basic, s: { '2': 100 } }), librarySite({ siteId: 2, siteName: 'Bravo', l: { r: 2026, p: 1, f: 0 }, s: { '2': 100 } }), librarySite({ siteId: 4, siteName: 'Delta' })];
    const api = mockLibrary(
      {
        ...signedInRoutes(admin()),
        'GET reports/1/latest': { body: makeReport({ siteId: 1, accountProductReportId: 91 }) },
        'GET account/licenses': licencesLeft({ '200': 3 }),
        'POST reports/upgrade/single': { body: makeReport({ siteId: 1, accountProductReportId: 91, reportType: 1, methodologyTypeIds: [2, 3] }) },
      },
      () => sites,
    );
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites&release=2026' });
    await runAction(user, 'Upgrade reports', 'Delta');
    expect(await screen.findByText('There are no reports for the selected site(s) in the currently selected release year.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Delta' }));
    await runAction(user, 'Upgrade reports', 'Alpha', 'Bravo');
    expect(await screen.findByText('The selected reports do not have the same report type.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Bravo' }));
    await runAction(user, 'Upgrade reports');

    const wizard = await screen.findByRole('dialog', { name: 'Upgrade the report of Alpha' });
    expect(await within(wizard).findByRole('radio', { name: /^Keep Basic/ })).toBeInTheDocument();
    expect(within(wizard).queryByRole('radio', { name: /^Basic/ })).toBeNull();
    await user.click(within(wizard).getByRole('radio', { name: /^Premium —/ }));
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));
    await user.click(await within(wizard).findByRole('button', { name: 'Next' }));
    expect(await within(wizard).findByRole('table', { name: 'Licences' })).toHaveTextContent('Upgrade Basic to Premium13');
    await user.click(within(wizard).getByRole('button', { name: 'Upgrade report' }));
    expect(await screen.findByText('Your report is now available in your Site Library...')).toBeInTheDocument();
    expect(api.callsTo('POST reports/upgrade/single')[0]!.body).toMatchObject({ accountProductReportId: 91, reportType: 1 });
  });

  it('upgrades several reports at once for support staff only', async () => {
    const sites = [librarySite({ siteId: 1, siteName: 'Alpha', l: basic, s: { '2': 100 } }), librarySite({ siteId: 2, siteName: 'Bravo', l: basic, s: { '2': 80 } })];
    const routes = {
      'GET reports/1': { body: [makeReport({ siteId: 1, accountProductReportId: 71 })] },
      'GET reports/2': { body: [makeReport({ siteId: 2, accountProductReportId: 72 }), makeReport({ siteId: 2, accountProductReportId: 12, releaseYear: 2025 })] },
      'POST reports/upgrade': { body: { accountProductReportIds: [71, 72], reportType: 1, methodologyTypeIds: [2, 3], licensesConsumed: { '200': 2 } } },
    };
    const user = userEvent.setup();
    const customer = mockLibrary({ ...signedInRoutes(admin()), ...routes }, () => sites);
    const first = renderApp({ url: '/?currentPage=Sites&release=2026' });
    await runAction(user, 'Upgrade reports', 'Alpha', 'Bravo');
    expect(await screen.findByText('Upgrading several reports at once is available to support staff only. Upgrade one report at a time.')).toBeInTheDocument();
    expect(customer.callsTo('POST reports/upgrade')).toHaveLength(0);
    first.unmount();

    const api = mockLibrary({ ...signedInRoutes(makeAdmin({ userType: 4, capMode: true, allowProduct: ALL_PRODUCTS })), ...routes }, () => sites);
    renderApp({ url: '/?currentPage=Sites&release=2026' });
    await runAction(user, 'Upgrade reports', 'Alpha', 'Bravo');
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade reports' });
    expect(await within(dialog).findByText('2 Basic reports of 2026.')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Upgrade to'));
    await user.click(await screen.findByRole('option', { name: 'Premium' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade reports' }));
    expect(await screen.findByText('2 reports have been upgraded.')).toBeInTheDocument();
    expect(api.callsTo('POST reports/upgrade')[0]!.body).toMatchObject({ accountProductReportIds: [71, 72], reportType: 1, methodologyTypeIds: [2] });
  });
});
