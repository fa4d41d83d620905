import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SCORE_COLORS, type TCurrentUser, type TReport, type TSite, type TSiteComment, type TSiteFull } from '@riskatlas/domain';
import { makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { currentQuery, renderApp } from '../../../test/render-app';
import { updatePageState } from '../../../lib/navigation';
import { makeSite, makeSiteFull } from '../../../test/make-site';
import { makeReport } from '../testing/make-report';

const SITE = makeSite({ siteId: 21, siteName: 'Harbor Depot', tags: ['Port', 'VIP'], notes: 'Gate 4', ct: 2 });
const CURRENT = makeReport({ siteId: 21, accountProductReportId: 501, releaseYear: 2026 });
const OLD = makeReport({ siteId: 21, accountProductReportId: 402, releaseYear: 2016 }, [3]);

function serveDetail(options: { user?: TCurrentUser; site?: TSite; reports?: TReport[]; fullOverrides?: Partial<TSiteFull>; comments?: TSiteComment[] } = {}) {
  let site = options.site ?? SITE;
  const comments = [...(options.comments ?? [])];
  const api = mockApi({ ...signedInRoutes(options.user ?? makeUser()) });
  api.on('GET sites/full/21', () => ({ body: makeSiteFull(site, options.fullOverrides) }));
  api.on('GET reports/21', { body: options.reports ?? [CURRENT, OLD] });
  api.on('GET sites/21/comments', () => ({ body: comments }));
  api.on('POST sites/21/comments', (call) => {
    const added: TSiteComment = { commentId: comments.length + 1, siteId: 21, comment: (call.body as { comment: string }).comment, author: 'Sam Standard', userId: 8, date: '2026-03-01T09:00:00.000Z' };
    comments.unshift(added);
    return { body: added };
  });
  api.on('POST sites/edit', (call) => {
    const body = call.body as { siteName?: string };
    site = { ...site, siteName: body.siteName ?? site.siteName };
    return { body: site };
  });
  return api;
}

/** The first render loads the page's code lazily; on a loaded machine that takes longer than findBy's default second. */
const FIRST = { timeout: 10_000 };

const cellOf = (row: string, index: number) => within(screen.getByTestId(`score-row-${row}`)).getAllByTestId('score-cell')[index]!;

describe('Detail page', () => {
  it("shows the site and its current report's scores for the top-priority methodology, each with band colour, confidence bar and coverage", async () => {
    const api = serveDetail();
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Depot' }, FIRST)).toBeInTheDocument();
    expect(screen.getAllByText('39.7817000, -89.6501000')[0]).toBeInTheDocument();
    expect(screen.getByText('Urban')).toBeInTheDocument();
    expect(screen.getByText('Port')).toBeInTheDocument();

    const table = await screen.findByTestId('score-table', {}, FIRST);
    // Methodology 2 comes before 1 in priority order: its scores are 200 + the score index.
    expect(screen.getByRole('combobox', { name: 'Methodology' })).toHaveTextContent('2 · Composite');
    expect(within(table).getByText('Crimes Against Persons', { selector: 'th[scope="colgroup"]' })).toBeInTheDocument();
    expect(within(table).getByText('Illinois')).toBeInTheDocument();
    // Homicide national past is score index 0: imputed, 200, band 200–399 (25 colours from 2018: its first shade).
    const first = cellOf('homicide', 0);
    expect(first).toHaveTextContent('200*');
    expect(first).toHaveAttribute('data-coverage', 'imputed');
    expect(first).toHaveAttribute('data-band', SCORE_COLORS[2]);
    expect(first.getAttribute('title')).toContain('confidence 180–230');
    expect(cellOf('homicide', 1)).toHaveAttribute('data-coverage', 'reported');
    expect(screen.getByTestId('score-key')).toHaveTextContent('imputed');
    expect(screen.getByRole('link', { name: 'How scores are made' })).toHaveAttribute('href', expect.stringContaining('currentPage=Help'));
    expect(screen.getByRole('link', { name: 'National Risk Index map' })).toHaveAttribute('href', 'https://hazards.fema.gov/nri/map');
    expect(screen.getByRole('link', { name: 'Crime Data Explorer' })).toHaveAttribute('href', 'https://cde.ucr.cjis.gov/');
    // Opening a site's Detail counts as viewing it.
    await waitFor(() => expect(api.callsTo('POST users/prefs').some((call) => call.query.get('type') === 'recentlyViewedSites' && JSON.stringify(call.body) === '[21]')).toBe(true));
  });

  it('switches methodology and release through the address, showing the newest report of the release chosen', async () => {
    serveDetail();
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    await screen.findByTestId('score-table', {}, FIRST);

    await user.click(screen.getByRole('combobox', { name: 'Methodology' }));
    await user.click(await screen.findByRole('option', { name: /^1 · / }));
    expect(currentQuery().get('methodology')).toBe('1');
    expect(cellOf('homicide', 0)).toHaveTextContent('100*');

    await user.click(screen.getByRole('combobox', { name: 'Release' }));
    await user.click(await screen.findByRole('option', { name: '2016 release' }));
    expect(currentQuery().get('release')).toBe('2016');
    // The 2016 report has methodology 3 only, so it shows that; 5 colours before 2018.
    expect(await screen.findByText('2016 release · report 402')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Methodology' })).toHaveTextContent('3 · ');
    expect(cellOf('homicide', 0)).toHaveTextContent('300*');
    expect(cellOf('homicide', 0)).toHaveAttribute('data-band', SCORE_COLORS[2]);
    expect(screen.queryByRole('link', { name: 'National Risk Index map' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Release' }));
    await user.click(await screen.findByRole('option', { name: 'Current release' }));
    expect(currentQuery().get('release')).toBeNull();
    expect(await screen.findByText('2026 release · report 501')).toBeInTheDocument();
  }, 40_000);

  it('says so when the site has no report for the release chosen', async () => {
    serveDetail({ reports: [OLD] });
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    expect(await screen.findByText('This site has no report for the current release. Choose an earlier release above.', {}, FIRST)).toBeInTheDocument();
    expect(screen.queryByTestId('score-table')).not.toBeInTheDocument();
  });

  it('returns to the scores mode when the mode asked for does not apply', async () => {
    // Crime rate comparison is for urban sites only: this one is suburban.
    serveDetail({ site: { ...SITE, ct: 1 } });
    renderApp({ url: '/?currentPage=Detail&siteId=21&reportMode=7' });
    await screen.findByTestId('score-table', {}, FIRST);
    await waitFor(() => expect(currentQuery().get('reportMode')).toBeNull());
    expect(screen.queryByRole('tab', { name: 'Crime Rate Comparison' })).not.toBeInTheDocument();
  });

  it('offers the report modes that apply as tabs and shows the chosen mode in the address', async () => {
    const api = serveDetail({ reports: [{ ...CURRENT, hasCrimeRateComparison: true }] });
    api.on('GET reports/21/crcfData', { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong.' } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    await screen.findByTestId('score-table', {}, FIRST);
    const tabs = screen.getByRole('tablist', { name: 'Report mode' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Scores', 'Proximity', 'Crime Rate Comparison']);
    await user.click(within(tabs).getByRole('tab', { name: 'Crime Rate Comparison' }));
    expect(currentQuery().get('reportMode')).toBe('7');
    expect((await screen.findAllByText('There was an error retrieving crime rate data.', {}, FIRST)).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('score-table')).not.toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'Scores' }));
    expect(currentQuery().get('reportMode')).toBeNull();
    expect(await screen.findByTestId('score-table')).toBeInTheDocument();
  }, 40_000);

  it('offers police incidents for a site in England, and not the US-only links', async () => {
    const london = { ...SITE, countryCode: 'GBR', countryDisplay: 'United Kingdom', state: 'ENG', city: 'London', latitude: 51.5072, longitude: -0.1276 };
    serveDetail({ site: london, reports: [{ ...CURRENT, countryID: 3 }] });
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    await screen.findByTestId('score-table', {}, FIRST);
    expect(screen.getByRole('tab', { name: 'Police Incidents' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'data.police.uk' })).toHaveAttribute('href', 'https://data.police.uk/');
    expect(screen.queryByRole('link', { name: 'National Risk Index map' })).not.toBeInTheDocument();
  });

  it('shows only the latest site when the user switches sites before the first has loaded', async () => {
    const api = serveDetail();
    let answerFirst: (reply: { body: TReport[] }) => void = () => undefined;
    api.on('GET reports/21', () => new Promise((resolve) => (answerFirst = resolve)));
    const other = makeSite({ siteId: 22, siteName: 'Inland Yard' });
    api.on('GET sites/full/22', { body: makeSiteFull(other) });
    api.on('GET reports/22', { body: [makeReport({ siteId: 22, accountProductReportId: 601, releaseYear: 2026 })] });
    api.on('GET sites/22/comments', { body: [] });
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    await screen.findByRole('heading', { level: 1, name: 'Harbor Depot' }, FIRST);
    act(() => updatePageState({ siteId: 22 }));
    expect(await screen.findByText('2026 release · report 601', {}, FIRST)).toBeInTheDocument();
    // The first site's reports arrive late: they must not replace what the user now looks at.
    await act(async () => answerFirst({ body: [CURRENT] }));
    expect(screen.getByRole('heading', { level: 1, name: 'Inland Yard' })).toBeInTheDocument();
    expect(screen.getByText('2026 release · report 601')).toBeInTheDocument();
    expect(screen.queryByText('2026 release · report 501')).not.toBeInTheDocument();
  });

  it('tells the user when the site does not exist, with the way back to the library', async () => {
    const api = serveDetail();
    api.on('GET sites/full/99', { status: 404, body: { code: 'NOT_FOUND', message: 'Site not found.' } });
    api.on('GET reports/99', { status: 404, body: { code: 'NOT_FOUND', message: 'Site not found.' } });
    renderApp({ url: '/?currentPage=Detail&siteId=99' });
    expect(await screen.findByText('Site not found', {}, FIRST)).toBeInTheDocument();
    expect(screen.getByText(/There is no site 99 in your Site Library/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Site Library' })).toHaveAttribute('href', expect.stringContaining('currentPage=Sites'));
  });

  it('opens a report link on its site and release', async () => {
    const api = serveDetail();
    api.on('GET sites/byaprid/402', { body: SITE });
    renderApp({ url: '/?accountProductReportId=402' });
    expect(await screen.findByText('2016 release · report 402', {}, FIRST)).toBeInTheDocument();
    await waitFor(() => expect(currentQuery().get('accountProductReportId')).toBeNull());
    expect(currentQuery().get('siteId')).toBe('21');
    expect(currentQuery().get('currentPage')).toBe('Detail');
    expect(currentQuery().get('release')).toBe('2016');
  });

  it('saves an edit with the spec toast, and shows the server text with "The change has not been saved." on failure', async () => {
    const api = serveDetail();
    const user = userEvent.setup();
    const { clock } = renderApp({ url: '/?currentPage=Detail&siteId=21' });
    await user.click(await screen.findByRole('button', { name: 'Edit site' }, FIRST));
    const dialog = await screen.findByRole('dialog', { name: 'Edit site' });
    const name = within(dialog).getByRole('textbox', { name: /Site Name/ });
    await user.clear(name);
    await user.type(name, 'Harbour Depot');
    await act(() => clock.advance(400));
    expect(await screen.findByText('Updates have been saved.')).toBeInTheDocument();
    expect(api.callsTo('POST sites/edit')[0]!.body).toEqual({ siteId: 21, siteName: 'Harbour Depot' });

    api.on('POST sites/edit', { status: 400, body: { code: 'VALIDATION', message: 'Notes are too long.' } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), ' more');
    await act(() => clock.advance(400));
    expect(await within(dialog).findByText('Notes are too long. The change has not been saved.')).toBeInTheDocument();
  });

  it('lists and adds comments', async () => {
    serveDetail({ comments: [{ commentId: 9, siteId: 21, comment: 'Fence repaired.', author: 'Ann Admin', userId: 2, date: '2026-02-01T10:30:00.000Z' }] });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    const section = await screen.findByTestId('detail-comments', {}, FIRST);
    expect(await within(section).findByText('Fence repaired.')).toBeInTheDocument();
    await user.type(within(section).getByRole('textbox', { name: 'Add a comment' }), 'New lighting installed.');
    await user.click(within(section).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(within(section).getAllByTestId('site-comment')).toHaveLength(2));
    expect(within(section).getAllByTestId('site-comment')[0]).toHaveTextContent('New lighting installed.');
  });

  it('keeps read-only users from commenting and editing', async () => {
    serveDetail({ user: makeUser({ readOnlyMode: true }), fullOverrides: { permissions: { canEdit: false, canComment: false, canDelete: false, deleteNeedsReason: false } } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Detail&siteId=21' });
    const section = await screen.findByTestId('detail-comments', {}, FIRST);
    expect(within(section).getByText('Read Only users cannot add comments.')).toBeInTheDocument();
    expect(within(section).queryByRole('textbox', { name: 'Add a comment' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Site details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Site' });
    expect(within(dialog).getByRole('textbox', { name: /Site Name/ })).toHaveAttribute('readonly');
  });
});
