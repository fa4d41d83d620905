import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { DownloadMessages, ExcelMessages, ReportDocumentMessages, tooManyReportsMessage, type TCurrentUser } from '@riskatlas/domain';
import { makeCounts, makeUser } from '../../../test/fixtures';
import { mockApi, type MockApi } from '../../../test/mock-api';
import { setCsrfToken } from '../../../lib/csrf';
import type { DownloadWizardRequest } from '../download-wizard-store';
import { DownloadWizard } from './download-wizard';

const SITES_REQUEST: DownloadWizardRequest = {
  selection: { siteIds: [11, 13], releaseYear: -1 },
  description: '2 sites in the current release',
  csv: { siteIds: [11, 13], releaseYear: -1 },
};

function renderWizard(user: TCurrentUser, request: DownloadWizardRequest = SITES_REQUEST) {
  setCsrfToken('csrf-test-token');
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <DownloadWizard user={user} request={request} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, dialog: () => screen.getByRole('dialog') };
}

/** The step names the stepper shows, in order. */
function stepperLabels(): string[] {
  return within(screen.getByRole('dialog')).getAllByText(/.+/, { selector: '.MuiStepLabel-label' }).map((label) => label.textContent ?? '');
}

async function next(user: UserEvent) {
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
}

async function chooseType(user: UserEvent, name: string) {
  await user.click(await screen.findByRole('radio', { name }));
}

function countsRoute(api: MockApi, total: number) {
  api.on('POST reports/counts', { body: makeCounts({ total, siteCount: total, byMethodology: [{ methodologyType: 2, count: total }, { methodologyType: 3, count: total }] }) });
}

/** Opens the wizard on the two sites and goes through the counts (`total` reports) to the reportType step. */
async function openAtReportType(total: number, currentUser: TCurrentUser = makeUser()) {
  const api = mockApi();
  countsRoute(api, total);
  const user = userEvent.setup();
  renderWizard(currentUser);
  await next(user);
  await screen.findByLabelText('Report counts');
  await next(user);
  return { api, user };
}

describe('Download wizard', () => {
  it('standard user: start, counts, report type, summary; a PDF archive is requested and confirmed in the product words', async () => {
    const api = mockApi();
    countsRoute(api, 2);
    api.on('POST reports/bulkdownload', { body: { taskStatusId: 90, count: 2, contextSectionsRemoved: false } });
    const user = userEvent.setup();
    renderWizard(makeUser());

    expect(screen.getByRole('heading', { name: 'Download reports: Selection' })).toBeInTheDocument();
    expect(screen.getByText('You selected 2 sites in the current release.')).toBeInTheDocument();
    expect(stepperLabels()).toEqual(['Selection', 'Counts', 'Download type', 'Summary']);
    await next(user);
    const counts = await screen.findByLabelText('Report counts');
    expect(api.callsTo('POST reports/counts')[0]!.body).toEqual({ siteIds: [11, 13], releaseYear: -1 });
    expect(counts).toHaveTextContent('Reports2');
    expect(counts).toHaveTextContent('Basic 2');
    expect(counts).toHaveTextContent('United States 2');
    await next(user);
    await chooseType(user, 'PDF reports');
    // A standard user has no PDF type step: straight to the summary.
    await next(user);
    expect(screen.getByRole('heading', { name: 'Download reports: Summary' })).toBeInTheDocument();
    expect(screen.getByText('A report archive (zip) with the PDF of each of 2 reports.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Send to me (the impersonating user)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(api.callsTo('POST reports/bulkdownload')).toHaveLength(1));
    expect(api.callsTo('POST reports/bulkdownload')[0]!.body).toEqual({ siteIds: [11, 13], releaseYear: -1, content: 'pdf' });
    expect(await screen.findByText(DownloadMessages.confirm)).toBeInTheDocument();
    expect(screen.getByText('Preparing: 0 of 2 reports…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('offers the Excel summary disabled with the product words above 20,000 reports', async () => {
    const { user } = await openAtReportType(20_001);
    expect(await screen.findByRole('radio', { name: 'Excel summary' })).toBeDisabled();
    expect(screen.getByText(ExcelMessages.tooLarge)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await chooseType(user, 'Excel reports');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it("shows the server's refusal above 100,000 reports, with a way back", async () => {
    const api = mockApi();
    api.on('POST reports/counts', { status: 400, body: { code: 'BAD_REQUEST', message: tooManyReportsMessage(120_000) } });
    const user = userEvent.setup();
    renderWizard(makeUser());
    await next(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Download requests cannot contain more than 100000 reports. Current count: 120000');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Download reports: Selection' })).toBeInTheDocument();
  });

  it('says so when the selection has no report, and goes no further', async () => {
    const api = mockApi();
    countsRoute(api, 0);
    const user = userEvent.setup();
    renderWizard(makeUser());
    await next(user);
    expect(await screen.findByText(DownloadMessages.noReports)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('impersonating user (an admin of the account they act in): the selection, PDF type, a custom PDF needs a section, and the archive can go to them', async () => {
    const { api, user } = await openAtReportType(3, makeUser({ impersonationMode: true, adminMode: true }));
    api.on('POST reports/bulkdownload', { body: { taskStatusId: 91, count: 3, contextSectionsRemoved: false } });
    await chooseType(user, 'PDF and Excel reports');
    expect(stepperLabels()).toEqual(['Data', 'Counts', 'Download type', 'PDF type', 'Summary']);
    await next(user);
    await user.click(screen.getByRole('radio', { name: /^Custom PDF/ }));
    expect(stepperLabels()).toEqual(['Data', 'Counts', 'Download type', 'PDF type', 'Customise PDF', 'Summary']);
    await next(user);

    // Every section unticked: the product's message, and no way on.
    for (const box of screen.getAllByRole('checkbox').slice(0, 10)) await user.click(box);
    await next(user);
    expect(screen.getByText(ReportDocumentMessages.noSection)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Download reports: Customise PDF' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Cover page' }));
    await user.click(screen.getByRole('checkbox', { name: 'Score summary' }));
    await next(user);

    expect(screen.getByText(/^Custom PDF: 2 of 10 sections; methodologies: /)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Send to me (the impersonating user)' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(api.callsTo('POST reports/bulkdownload')).toHaveLength(1));
    expect(api.callsTo('POST reports/bulkdownload')[0]!.body).toEqual({
      siteIds: [11, 13],
      releaseYear: -1,
      content: 'pdfExcel',
      sections: 3,
      methodologies: [2, 3],
      sendToImpersonatingUser: true,
    });
  });

  it('says proximity and demographics are left out above 50,000 reports', async () => {
    const { user } = await openAtReportType(60_000);
    await chooseType(user, 'PDF reports');
    await next(user);
    expect(screen.getByText(DownloadMessages.contextOff)).toBeInTheDocument();
  });

  it("admin without a selection: the account's data of a release and country, counted, then a CSV of the account's sites", async () => {
    const api = mockApi({
      'GET account/releases/years': {
        body: {
          countries: [
            { countryId: 1, countryCode: 'USA', firstRelease: 2003, lastRelease: 2025, currentRelease: 2025, years: [2025, 2024, 2023] },
            { countryId: 2, countryCode: 'CAN', firstRelease: 2010, lastRelease: 2025, currentRelease: 2025, years: [2025, 2024] },
          ],
          releaseYears: {},
        },
      },
      'POST sites/csv': { body: { taskStatusId: 92, count: 40 } },
    });
    countsRoute(api, 40);
    const user = userEvent.setup();
    renderWizard(makeUser({ adminMode: true, userType: 3 }), { selection: null, description: '', csv: null });

    expect(screen.getByRole('heading', { name: 'Download reports: Data' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /^The account's data/ })).toBeChecked();
    expect(stepperLabels()).toEqual(['Data', 'Release', 'Country', 'Counts', 'Download type', 'Summary']);
    await next(user);
    await user.click(screen.getByRole('combobox', { name: 'Release' }));
    await user.click(await screen.findByRole('option', { name: 'Release 2024' }));
    await next(user);
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Canada' }));
    await next(user);
    await screen.findByLabelText('Report counts');
    expect(api.callsTo('POST reports/counts')[0]!.body).toEqual({ accountData: { releaseYear: 2024, countryId: 2 } });
    await next(user);
    await chooseType(user, 'CSV of the sites');
    // No PDF type in admin data mode, and the CSV waits for its file.
    expect(stepperLabels()).toEqual(['Data', 'Release', 'Country', 'Counts', 'Download type', 'Summary', 'Download']);
    await next(user);
    expect(screen.getByText('A CSV file of the sites of the account, with their report summary.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(api.callsTo('POST sites/csv')).toHaveLength(1));
    const call = api.callsTo('POST sites/csv')[0]!;
    expect(Object.fromEntries(['forAccount', 'country', 'releaseYear', 'reportSummary'].map((name) => [name, call.query.get(name)]))).toEqual({
      forAccount: 'true',
      country: '2',
      releaseYear: '2024',
      reportSummary: 'true',
    });
    expect(await screen.findByText('Preparing: 0 of 40 sites…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Download reports: Download' })).toBeInTheDocument();
  });

  it('admin with a selection may keep it: straight to the counts of the selected sites', async () => {
    const api = mockApi();
    countsRoute(api, 2);
    const user = userEvent.setup();
    renderWizard(makeUser({ adminMode: true, userType: 3 }));
    expect(screen.getByRole('radio', { name: 'The selection: 2 sites in the current release' })).toBeChecked();
    expect(stepperLabels()).toEqual(['Data', 'Counts', 'Download type', 'Summary']);
    await next(user);
    await screen.findByLabelText('Report counts');
    expect(api.callsTo('POST reports/counts')[0]!.body).toEqual({ siteIds: [11, 13], releaseYear: -1 });
  });

  it('can be worked with the keyboard alone', async () => {
    const api = mockApi();
    countsRoute(api, 2);
    const user = userEvent.setup();
    renderWizard(makeUser());
    const nextButton = screen.getByRole('button', { name: 'Next' });
    for (let stops = 0; stops < 5 && document.activeElement !== nextButton; stops++) await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByLabelText('Report counts');
    await user.keyboard('{Enter}');
    // The report types are one radio group, the first stop inside the dialog: Tab (round from the buttons) reaches it, Space chooses.
    const excel = await screen.findByRole('radio', { name: 'Excel summary' });
    for (let stops = 0; stops < 5 && document.activeElement !== excel; stops++) await user.tab();
    await user.keyboard(' ');
    expect(excel).toBeChecked();
    for (let stops = 0; stops < 5 && document.activeElement !== screen.getByRole('button', { name: 'Next' }); stops++) await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Download reports: Summary' })).toBeInTheDocument();
  });
});
