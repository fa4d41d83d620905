import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TReport } from '@riskatlas/domain';
import { makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { makeSite, makeSiteFull } from '../../../test/make-site';
import { makeReport } from '../testing/make-report';

const SITE = makeSite({ siteId: 21, siteName: 'Harbor Depot' });
const CURRENT = makeReport({ siteId: 21, accountProductReportId: 501, releaseYear: 2026 }, [1, 2]);
const PDF_BYTES = new TextEncoder().encode('%PDF-1.3 test');

function serve(reports: TReport[] = [CURRENT], user = makeUser()) {
  const api = mockApi({ ...signedInRoutes(user) });
  api.on('GET sites/full/21', { body: makeSiteFull(SITE) });
  api.on('GET reports/21', { body: reports });
  api.on('GET sites/21/comments', { body: [] });
  api.on('GET reports/501/pdf', { bytes: PDF_BYTES });
  return api;
}

const FIRST = { timeout: 10_000 };

async function openMenu() {
  await userEvent.click(await screen.findByRole('button', { name: 'Download' }, FIRST));
}

describe('Detail page downloads', () => {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('downloads the whole PDF under a file name of the site and release', async () => {
    const api = serve();
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    await openMenu();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['PDF (all sections)', 'Custom PDF…', 'Excel', 'E-mail report…']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'PDF (all sections)' }));
    await waitFor(() => expect(saved).toEqual(['RiskAtlas-Harbor-Depot-2026.pdf']));
    const call = api.callsTo('GET reports/501/pdf')[0]!;
    expect(call.query.get('sections')).toBeNull();
  });

  it('shows the download failure sentence when the PDF cannot be fetched', async () => {
    const api = serve();
    api.on('GET reports/501/pdf', { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong.' } });
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'PDF (all sections)' }));
    expect(await screen.findByText('There was an error downloading the report, please try again or contact support if the issue persists.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('asks for at least one section in the custom PDF, then sends the sections and methodologies ticked', async () => {
    const api = serve();
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Custom PDF…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Custom PDF' });
    for (const box of within(dialog).getAllByRole('checkbox').slice(0, 10)) await userEvent.click(box);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    expect(within(dialog).getByText('Please select at least 1 section.')).toBeInTheDocument();
    expect(api.callsTo('GET reports/501/pdf')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Score summary' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Score tables' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Composite' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(api.callsTo('GET reports/501/pdf')).toHaveLength(1));
    const call = api.callsTo('GET reports/501/pdf')[0]!;
    expect(call.query.get('sections')).toBe('6');
    expect(call.query.get('methodologies')).toBe('1');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Custom PDF' })).not.toBeInTheDocument());
  });

  it('e-mails the report: names an invalid address, then sends and says so', async () => {
    const api = serve();
    api.on('POST reports/email', (call) => ({ body: { sent: true, recipients: String((call.body as { recipients: string }).recipients).split(/[ ,;]+/) } }));
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'E-mail report…' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail report' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Recipients/ }), 'ops@example.com; nobody');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText("The e-mail address 'nobody' is invalid. Please correct and resubmit.")).toBeInTheDocument();
    expect(api.callsTo('POST reports/email')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Recipients/ }), '@example.com');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'For the board.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Report has been sent!')).toBeInTheDocument();
    expect(api.callsTo('POST reports/email')[0]!.body).toMatchObject({ accountProductReportId: 501, recipients: 'ops@example.com; nobody@example.com', subject: 'RiskAtlas report: Harbor Depot', message: 'For the board.' });
  });

  it('lets staff acting in a customer account send the report to themselves alone', async () => {
    const api = serve([CURRENT], makeUser({ impersonationMode: true }));
    api.on('POST reports/email', { body: { sent: true, recipients: ['staff@provider.test'] } });
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'E-mail report…' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail report' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Also send it to me (the impersonating user)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Report has been sent!')).toBeInTheDocument();
    expect(api.callsTo('POST reports/email')[0]!.body).toMatchObject({ recipients: '', sendToImpersonatingUser: true });
  });

  it('offers no downloads for a report of release 2006 or earlier', async () => {
    serve([makeReport({ siteId: 21, accountProductReportId: 501, releaseYear: 2006, hasPdf: false, hasMap: false }, [2])]);
    renderApp({ url: '/?currentPage=Detail&siteId=21&release=2006' });
    expect(await screen.findByText('2006 release · report 501', {}, FIRST)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });
});
