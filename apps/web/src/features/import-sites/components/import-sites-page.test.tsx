import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ImportMessages,
  importErrorBit,
  importStatusBit,
  importWarningBit,
  type TImportFileInfo,
  type TImportQueueCounts,
  type TQueuedImportSite,
} from '@riskatlas/domain';
import { makeAdmin, makeTask } from '../../../test/fixtures';
import { mockApi, signedInRoutes, type Handler } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { IMPORT_TIMED_OUT } from '../import-modes';

const FILE_INFO: TImportFileInfo = {
  warnings: ['2 rows have more cells than the header (rows 4 and 9).'],
  rowCount: 3,
  filename: 'stores.csv',
  hasHeader: true,
  columns: [
    { columnIndex: 0, name: 'Store', examples: ['Loop Store', 'Evanston Store', 'Oak Park Store'] },
    { columnIndex: 1, name: 'Address', examples: ['233 S Wacker Dr', '1600 Sherman Ave', '1 Lake St'] },
    { columnIndex: 2, name: 'City', examples: ['Chicago', 'Evanston', 'Oak Park'] },
    { columnIndex: 3, name: 'Branch', examples: ['A', 'B', 'C'] },
  ],
  suggestedMappings: [
    { columnIndex: 0, field: 'siteName' },
    { columnIndex: 1, field: 'street' },
    { columnIndex: 2, field: 'city' },
    { columnIndex: 3, field: null },
  ],
  mapping: null,
};

/** GET sites/import/queue answering windows (offset, limit) of these rows. */
function queueWindows(rows: readonly TQueuedImportSite[]): Handler {
  return (call) => {
    const offset = Number(call.query.get('offset') ?? 0);
    const limit = Number(call.query.get('limit') ?? rows.length);
    return { body: { total: rows.length, offset, rows: rows.slice(offset, offset + limit) } };
  };
}

const EMPTY_COUNTS: TImportQueueCounts = { total: 0, pending: 0, exceptions: 0, warnings: 0, complete: 0, rescore: 0, import: 0, attach: 0, duplicateReports: 0 };

function queuedSite(overrides: Partial<TQueuedImportSite>): TQueuedImportSite {
  return {
    queuedSiteId: 1,
    rowNumber: 1,
    siteName: 'Loop Store',
    statusFlags: importStatusBit('Processed') | importStatusBit('Ready') | importStatusBit('Import'),
    errorFlags: 0,
    warningFlags: 0,
    updateFlags: 0,
    geocoderFlags: 384,
    pendingUpdate: false,
    statusDescription: 'Ready to import as a new site.',
    street: '233 S Wacker Dr',
    street2: '',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60606',
    countryCode: 'USA',
    latitude: 41.8789,
    longitude: -87.6359,
    tags: '',
    classifications: '',
    notes: '',
    externalId: '',
    incomingSiteId: null,
    siteId: null,
    geocodePrecision: 'POSTCODE',
    geocodeSource: 'Geocoded',
    geoCandidates: [],
    ...overrides,
  };
}

const CANDIDATE = (city: string, state: string, latitude: number) => ({
  Street: '',
  City: city,
  State: state,
  PostalCode: '',
  Country: 'USA',
  Coordinates: { Latitude: latitude, Longitude: -90 },
  precision: 'CITY' as const,
  confidence: 0.5,
  countryId: 1,
  county: null,
});

const READY = queuedSite({});
const AMBIGUOUS = queuedSite({
  queuedSiteId: 2,
  rowNumber: 2,
  siteName: 'Springfield Store',
  street: '',
  city: 'Springfield',
  state: '',
  statusFlags: importStatusBit('Processed') | importStatusBit('Error'),
  errorFlags: importErrorBit('MultipleCandidatesFound'),
  statusDescription: 'The address matches several places. Choose one.',
  latitude: null,
  longitude: null,
  geocodeSource: 'None',
  geoCandidates: [CANDIDATE('Springfield', 'IL', 39.8), CANDIDATE('Springfield', 'MO', 37.2)],
});
const MATCHED = queuedSite({
  queuedSiteId: 3,
  rowNumber: 3,
  siteName: 'Evanston Store',
  statusFlags: importStatusBit('Processed') | importStatusBit('Ready') | importStatusBit('Warning') | importStatusBit('Rescore'),
  warningFlags: importWarningBit('SiteAlreadyExists'),
  siteId: 77,
  statusDescription: 'A site of the account matches this row: it will be updated, not created.',
});

describe('Import Sites page', () => {
  it('uploads a file, matches its columns once each, reviews the example, chooses options and processes it into the queue', async () => {
    const user = userEvent.setup();
    let counts = EMPTY_COUNTS;
    const api = mockApi({
      ...signedInRoutes(makeAdmin()),
      'GET sites/import/queue/counts': () => ({ body: counts }),
      'GET sites/import/file/columns': { status: 404, body: { code: 'NOT_FOUND', message: ImportMessages.noFile } },
      'POST sites/import/file/upload': { body: FILE_INFO },
      'POST sites/import/file/process': { body: { taskStatusId: 91 } },
      'GET users/taskstatuses/91': () => {
        counts = { ...EMPTY_COUNTS, total: 1, complete: 1, import: 1 };
        return { body: makeTask({ taskStatusId: 91, currentStatus: 2, countTotal: 3, countCompleted: 3 }) };
      },
      'GET sites/import/queue': queueWindows([READY]),
    });
    renderApp({ url: '/?currentPage=Import%20Sites', width: 1400 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Site File' })).toBeInTheDocument();

    await user.upload(await screen.findByTestId('import-file-input'), new File(['Store,Address\nLoop Store,233 S Wacker Dr\n'], 'stores.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Match Columns' })).toBeInTheDocument();
    expect(api.callsTo('POST sites/import/file/upload')[0]?.body).toBeInstanceOf(FormData);
    expect(screen.getByText(FILE_INFO.warnings[0]!)).toBeInTheDocument();
    expect(screen.getAllByTestId('import-column')).toHaveLength(4);

    // Site Name is already matched to 'Store': choosing it for 'Branch' is refused with the spec's warning.
    const branch = screen.getAllByTestId('import-column')[3]!;
    await user.click(within(branch).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Site Name' }));
    expect(await screen.findByText(ImportMessages.fieldMatchedTwice('Site Name', 'Store'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Review Import Example' })).toBeInTheDocument();
    const example = screen.getByRole('table', { name: 'Import example' });
    expect(example).toHaveTextContent('Evanston Store');
    expect(example).toHaveTextContent('1600 Sherman Ave');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Import Options' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'By name' }));
    await user.click(screen.getByRole('button', { name: 'Process 3 rows' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Create Multiple Reports / Sites' })).toBeInTheDocument();
    const process = api.callsTo('POST sites/import/file/process')[0]!;
    expect(process.query.get('matchingFlags')).toBe('128');
    expect(process.query.get('hasHeader')).toBe('true');
    expect(process.body).toEqual({ mapping: FILE_INFO.suggestedMappings });
    expect(await screen.findAllByTestId('queue-row')).toHaveLength(1);
  });

  it('follows the processing every 2.5 s and, still running after 20 minutes, stops waiting and says so', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInRoutes(makeAdmin()),
      'GET sites/import/queue/counts': { body: EMPTY_COUNTS },
      'GET sites/import/file/columns': { body: FILE_INFO },
      'POST sites/import/file/process': { body: { taskStatusId: 93 } },
      'GET users/taskstatuses/93': { body: makeTask({ taskStatusId: 93, currentStatus: 1, countTotal: 3, countCompleted: 1 }) },
    });
    const { clock } = renderApp({ url: '/?currentPage=Import%20Sites', width: 1400 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Match Columns' }, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Process 3 rows' }));
    expect(await screen.findByText(/Processing stores.csv: 1 of 3 rows checked/)).toBeInTheDocument();
    await waitFor(() => expect(clock.hasTimerIn(2500)).toBe(true));
    const reads = api.callsTo('GET users/taskstatuses/93').length;
    await act(() => clock.advance(2500));
    await waitFor(() => expect(api.callsTo('GET users/taskstatuses/93')).toHaveLength(reads + 1));

    await act(() => clock.advance(20 * 60_000));
    expect(await screen.findByText(`${ImportMessages.fileNotProcessed} ${IMPORT_TIMED_OUT}`)).toBeInTheDocument();
    expect(screen.queryByText(/Processing stores.csv/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Process 3 rows' })).toBeEnabled();
  });

  it('shows the queue with its filter entries, resolves candidates from the status detail, removes rows with issues and imports in batch mode', async () => {
    const user = userEvent.setup();
    const counts: TImportQueueCounts = { total: 3, pending: 0, exceptions: 1, warnings: 1, complete: 1, rescore: 1, import: 1, attach: 0, duplicateReports: 0 };
    const api = mockApi({
      ...signedInRoutes(makeAdmin()),
      'GET sites/import/queue/counts': { body: counts },
      'GET sites/import/queue': queueWindows([READY, AMBIGUOUS, MATCHED]),
      'GET sites/import/queue/statusdetail/2': {
        body: {
          queuedSiteId: 2,
          statusDescription: AMBIGUOUS.statusDescription,
          statuses: ['Processed', 'Error'],
          errors: [{ name: 'MultipleCandidatesFound', text: 'The address matches several places. Choose one.' }],
          warnings: [],
          matches: [],
          matchesMessage: null,
          queueMatches: [],
          geoCandidates: AMBIGUOUS.geoCandidates,
        },
      },
      'POST sites/import/queue/edit': { body: { ok: true } },
      'POST sites/import/queue/delete': { body: { deleted: 1 } },
      'POST sites/import/submit': { body: { taskStatusId: 92 } },
      'GET users/taskstatuses/92': { body: makeTask({ taskStatusId: 92, currentStatus: 2, countTotal: 2, countCompleted: 2 }) },
    });
    renderApp({ url: '/?currentPage=Import%20Sites', width: 1400 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Multiple Reports / Sites' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(3));
    for (const entry of ['Ready To Import', 'Ready To Rescore', 'Ready To Attach', 'Contains Warning', 'Validating', 'Issue Found']) {
      expect(screen.getByRole('checkbox', { name: entry })).toBeChecked();
    }
    expect(api.callsTo('GET sites/import/queue')[0]?.query.get('selectionMode')).toBe('63');
    await user.click(screen.getByRole('checkbox', { name: 'Issue Found' }));
    await waitFor(() => expect(api.callsTo('GET sites/import/queue').at(-1)?.query.get('selectionMode')).toBe('31'));

    const [, ambiguous, matched] = screen.getAllByTestId('queue-row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(matched).getByRole('button', { name: 'See Matching Site' })).toBeInTheDocument();
    expect(within(ambiguous).getByRole('button', { name: 'Resolve Candidates' })).toBeInTheDocument();
    // The status text opens the row's detail, where a candidate can be chosen in place.
    await user.click(within(ambiguous).getByRole('button', { name: AMBIGUOUS.statusDescription }));
    const dialog = await screen.findByRole('dialog', { name: /Row 2: Springfield Store/ });
    expect(within(dialog).getByText('Springfield, MO')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Choose' })[1]!);
    await waitFor(() => expect(api.callsTo('POST sites/import/queue/edit')[0]?.body).toEqual({ queuedSiteId: 2, candidateIndex: 1 }));

    await user.click(screen.getByRole('button', { name: 'Remove rows with issues' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove rows from the queue' });
    expect(confirm).toHaveTextContent(ImportMessages.confirmDelete(1));
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('POST sites/import/queue/delete')[0]?.body).toEqual({ deleteMode: 1 }));

    await user.click(screen.getByRole('button', { name: 'Import ready rows' }));
    const submit = await screen.findByRole('dialog', { name: 'Import 1 row' });
    await user.click(within(submit).getByRole('checkbox', { name: /Also import the 1 row with warnings/ }));
    await user.click(within(submit).getByRole('radio', { name: /create a report for each/ }));
    await user.click(within(submit).getByRole('button', { name: 'Import and create reports' }));
    await waitFor(() => expect(api.callsTo('POST sites/import/submit')).toHaveLength(1));
    const call = api.callsTo('POST sites/import/submit')[0]!;
    expect(call.query.get('batchMode')).toBe('true');
    expect(call.query.get('includeWarnings')).toBe('true');
    expect(call.body).toEqual({ reportType: 0 });
    expect(await screen.findByText(ImportMessages.importComplete)).toBeInTheDocument();
  });

  it('opens the upload step from the queue’s “Upload another file”, not the last file’s columns', async () => {
    const user = userEvent.setup();
    const counts: TImportQueueCounts = { total: 1, pending: 0, exceptions: 0, warnings: 0, complete: 1, rescore: 0, import: 1, attach: 0, duplicateReports: 0 };
    mockApi({
      ...signedInRoutes(makeAdmin()),
      'GET sites/import/queue/counts': { body: counts },
      'GET sites/import/queue': queueWindows([READY]),
      // The file processed last is still on the server.
      'GET sites/import/file/columns': { body: FILE_INFO },
    });
    renderApp({ url: '/?currentPage=Import%20Sites', width: 1400 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Multiple Reports / Sites' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload another file' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Import Site File' })).toBeInTheDocument();
    expect(screen.getByTestId('import-file-input')).toBeInTheDocument();
    expect(screen.queryByText(FILE_INFO.filename)).not.toBeInTheDocument();
  });

  it("resolves a row's candidates on the Map page: numbered places, one chosen, then back to the queue", async () => {
    const user = userEvent.setup();
    const counts: TImportQueueCounts = { ...EMPTY_COUNTS, total: 1, exceptions: 1 };
    const api = mockApi({
      ...signedInRoutes(makeAdmin()),
      'GET sites/import/queue/counts': { body: counts },
      'GET sites/import/queue': queueWindows([AMBIGUOUS]),
      'POST sites/import/queue/edit': { body: { ok: true } },
    });
    renderApp({ url: '/?currentPage=Import%20Sites', width: 1400 });
    const row = await screen.findByTestId('queue-row');
    await user.click(within(row).getByRole('button', { name: 'Resolve Candidates' }));

    const panel = await screen.findByRole('region', { name: 'Import row' }, { timeout: 15_000 });
    expect(panel).toHaveTextContent('Row 2: Springfield Store');
    expect(panel).toHaveTextContent('1. Springfield, IL');
    expect(panel).toHaveTextContent('2. Springfield, MO');
    await user.click(within(panel).getAllByRole('button', { name: 'Use' })[1]!);
    await waitFor(() => expect(api.callsTo('POST sites/import/queue/edit')[0]?.body).toEqual({ queuedSiteId: 2, candidateIndex: 1 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Multiple Reports / Sites' })).toBeInTheDocument();
  });
});
