import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importStatusBit, type TImportQueueCounts, type TQueuedImportSite } from '@riskatlas/domain';
import { makeAdmin } from '../../../test/fixtures';
import { mockApi, signedInRoutes, type Handler } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { nextQueuePoll } from '../hooks/use-queue-polling';

const READY_FLAGS = importStatusBit('Processed') | importStatusBit('Ready') | importStatusBit('Import');

function row(id: number, more: Partial<TQueuedImportSite> = {}): TQueuedImportSite {
  return {
    queuedSiteId: id, rowNumber: id, siteName: `Store ${id}`, statusFlags: READY_FLAGS, errorFlags: 0, warningFlags: 0, updateFlags: 0, geocoderFlags: 384,
    pendingUpdate: false, statusDescription: 'Ready to import as a new site.', street: `${id} Main St`, street2: '', city: 'Chicago', state: 'IL', zipCode: '60606',
    countryCode: 'USA', latitude: 41.88, longitude: -87.63, tags: '', classifications: 'Retail;Flagship', notes: '', externalId: '', incomingSiteId: null, siteId: null,
    geocodePrecision: 'ADDRESS', geocodeSource: 'Geocoded', geoCandidates: [], ...more,
  };
}

const PENDING: Partial<TQueuedImportSite> = { statusFlags: 0, pendingUpdate: true, statusDescription: 'Validating' };

/** GET sites/import/queue answering windows (offset, limit) of the rows `rows()` holds at the time. */
function queueWindows(rows: () => readonly TQueuedImportSite[]): Handler {
  return (call) => {
    const all = rows();
    const offset = Number(call.query.get('offset') ?? 0);
    const limit = Number(call.query.get('limit') ?? all.length);
    return { body: { total: all.length, offset, rows: all.slice(offset, offset + limit) } };
  };
}

const counts = (rows: readonly TQueuedImportSite[]): TImportQueueCounts => {
  const pending = rows.filter((item) => item.statusFlags === 0).length;
  return { total: rows.length, pending, exceptions: 0, warnings: 0, complete: rows.length - pending, rescore: 0, import: rows.length - pending, attach: 0, duplicateReports: 0 };
};

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('Import queue grid', () => {
  it('scrolls through a queue of 100,000 rows in 48 px rows, drawing only those in view and reading their window as they come', async () => {
    const admin = makeAdmin();
    const window: Handler = (call) => {
      const offset = Number(call.query.get('offset'));
      const limit = Math.min(Number(call.query.get('limit')), 100_000 - offset);
      return { body: { total: 100_000, offset, rows: Array.from({ length: limit }, (_, index) => row(offset + index + 1)) } };
    };
    const api = mockApi({
      ...signedInRoutes({ ...admin, account: { ...admin.account, allowAdvancedPermissions: true } }),
      'GET sites/import/queue/counts': { body: { ...counts([]), total: 100_000, complete: 100_000, import: 100_000 } },
      'GET sites/import/queue': window,
    });
    renderApp({ url: '/?currentPage=Import%20Sites', width: 1400 });
    const grid = await screen.findByRole('grid', { name: 'Import queue' }, { timeout: 15_000 });
    expect(await within(grid).findByText('Store 1')).toBeInTheDocument();
    expect(screen.getByText('100,000 rows match the entries chosen')).toBeInTheDocument();
    expect(within(grid).getAllByTestId('queue-row').length).toBeLessThan(60);
    expect(new Set(api.callsTo('GET sites/import/queue').map((call) => call.query.get('offset')))).toEqual(new Set(['0']));

    // Far down: the window holding row 90,001 is read, and the rows there are drawn 48 px apart.
    grid.scrollTop = 90_000 * 48;
    fireEvent.scroll(grid);
    const far = await within(grid).findByText('Store 90001', {}, { timeout: 10_000 });
    expect(far.closest('[role="row"]')).toHaveStyle({ transform: `translateY(${90_000 * 48}px)` });
    expect(api.callsTo('GET sites/import/queue').at(-1)?.query.get('offset')).toBe('90000');
    expect(within(grid).getAllByTestId('queue-row').length).toBeLessThan(60);
    // Classification names show with advanced permissions (the admin's account has them).
    expect(within(grid).getByRole('columnheader', { name: 'Classifications' })).toBeInTheDocument();
    expect(within(far.closest('[role="row"]') as HTMLElement).getByText('Retail;Flagship')).toBeInTheDocument();
  }, 30_000);

  it('has no classifications column for an account without advanced permissions', async () => {
    const admin = makeAdmin();
    mockApi({ ...signedInRoutes({ ...admin, account: { ...admin.account, allowAdvancedPermissions: false } }), 'GET sites/import/queue/counts': { body: counts([row(1)]) }, 'GET sites/import/queue': queueWindows(() => [row(1)]) });
    renderApp({ url: '/?currentPage=Import%20Sites', width: 1400 });
    const grid = await screen.findByRole('grid', { name: 'Import queue' }, { timeout: 15_000 });
    await within(grid).findByText('Store 1');
    expect(within(grid).getByRole('columnheader', { name: 'Street' })).toBeInTheDocument();
    expect(within(grid).queryByRole('columnheader', { name: 'Classifications' })).not.toBeInTheDocument();
  });

  it('reads the pending rows in view every 5 s in one request (not while hidden), an edited row every 1.75–3.25 s until it is checked, then the counts; nothing once none is pending', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    let rows = [row(1, PENDING), row(2, PENDING), row(3)];
    const api = mockApi({
      ...signedInRoutes(makeAdmin()),
      'GET sites/import/queue/counts': () => ({ body: counts(rows) }),
      'GET sites/import/queue': queueWindows(() => rows),
      'GET sites/import/queue/statusdetail/3': { body: { queuedSiteId: 3, statusDescription: 'Ready', statuses: [], errors: [], warnings: [], matches: [], matchesMessage: null, queueMatches: [], geoCandidates: [] } },
      'POST sites/import/queue/edit': () => {
        rows = rows.map((item) => (item.queuedSiteId === 3 ? row(3, { ...PENDING, city: 'Evanston' }) : item));
        return { body: rows[2] };
      },
    });
    const { clock } = renderApp({ url: '/?currentPage=Import%20Sites', width: 1400 });
    const grid = await screen.findByRole('grid', { name: 'Import queue' }, { timeout: 15_000 });
    await within(grid).findByText('Store 3');
    const reads = () => api.callsTo('GET sites/import/queue').length;

    // Two rows validating in view: one read of their window every 5 s, not one per row.
    await waitFor(() => expect(clock.hasTimerIn(5000)).toBe(true));
    const before = reads();
    await act(() => clock.advance(5000));
    await waitFor(() => expect(reads()).toBe(before + 1));
    expect(api.callsTo('GET sites/import/queue/1')).toHaveLength(0);

    // While the page is hidden nothing is read; shown again, the 5 s wait starts over.
    await waitFor(() => expect(clock.hasTimerIn(5000)).toBe(true));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    const hiddenAt = reads();
    await act(() => clock.advance(20_000));
    expect(reads()).toBe(hiddenAt);
    Reflect.deleteProperty(document, 'visibilityState');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(clock.hasTimerIn(5000)).toBe(true));

    // The user corrects row 3: it becomes pending and is read again after 2.5 s (1.75–3.25 s) until its flags change.
    rows = rows.map((item) => (item.statusFlags === 0 ? row(item.queuedSiteId) : item));
    const user = userEvent.setup({ advanceTimers: (ms) => void clock.advance(ms) });
    await user.click(within(grid).getByRole('button', { name: 'Ready to import as a new site.' }));
    const dialog = await screen.findByRole('dialog', { name: /Row 3: Store 3/ });
    await user.clear(within(dialog).getByLabelText('City'));
    await user.type(within(dialog).getByLabelText('City'), 'Evanston');
    await user.click(within(dialog).getByRole('button', { name: 'Save and check again' }));
    await waitFor(() => expect(within(grid).getByRole('button', { name: 'Validating' })).toBeInTheDocument());
    await waitFor(() => expect(clock.hasTimerIn(2500)).toBe(true));
    const countsBefore = api.callsTo('GET sites/import/queue/counts').length;
    rows = rows.map((item) => (item.queuedSiteId === 3 ? row(3, { city: 'Evanston' }) : item));
    await act(() => clock.advance(2500));
    await waitFor(() => expect(within(grid).queryByRole('button', { name: 'Validating' })).not.toBeInTheDocument());
    // Its flags changed: the counts are read again, and with nothing pending nothing more is read.
    await waitFor(() => expect(api.callsTo('GET sites/import/queue/counts').length).toBeGreaterThan(countsBefore));
    const settled = reads();
    await act(() => clock.advance(30_000));
    expect(reads()).toBe(settled);

  });
});

describe('nextQueuePoll', () => {
  const state = { hidden: false, editedInView: false, pendingInView: false, failures: 0 };
  it('waits 5 s for pending rows, 1.75–3.25 s for an edited one, 100 ms more per failed read, and not at all when hidden or nothing is pending', () => {
    expect(nextQueuePoll({ ...state, pendingInView: true }, 0.9)).toBe(5000);
    expect(nextQueuePoll({ ...state, pendingInView: true, editedInView: true }, 0)).toBe(1750);
    expect(nextQueuePoll({ ...state, pendingInView: true, editedInView: true }, 0.9999)).toBe(3249);
    expect(nextQueuePoll({ ...state, pendingInView: true, failures: 3 }, 0)).toBe(5300);
    expect(nextQueuePoll({ ...state, pendingInView: true, editedInView: true, failures: 1 }, 0)).toBe(1850);
    expect(nextQueuePoll(state, 0)).toBeNull();
    expect(nextQueuePoll({ ...state, pendingInView: true, editedInView: true, hidden: true }, 0)).toBeNull();
  });
});
