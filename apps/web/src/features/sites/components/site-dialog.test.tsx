import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TSiteComment } from '@riskatlas/domain';
import { makeUser } from '../../../test/fixtures';
import { signedInRoutes } from '../../../test/mock-api';
import { currentQuery, renderApp } from '../../../test/render-app';
import { makeSite, makeSiteFull } from '../../../test/make-site';
import { mockSitesApi } from '../testing/serve-sites';

const SITE = makeSite({ siteId: 21, siteName: 'Harbor Depot', tags: ['Port', 'VIP'], notes: 'Gate 4', eid: 'HD-1' });
const OTHER = makeSite({ siteId: 22, siteName: 'Inland Yard' });

const full = makeSiteFull;

const comment = (overrides: Partial<TSiteComment>): TSiteComment => ({
  commentId: 1,
  siteId: 21,
  comment: 'Fence repaired.',
  author: 'Sam Standard',
  userId: 8,
  date: '2026-02-01T10:30:00.000Z',
  ...overrides,
});

describe('Site dialog', () => {
  it('opens a site from its name, saves edits 400 ms after the last keystroke and shows the saved name in the grid', async () => {
    let sites = [SITE, OTHER];
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, () => sites);
    api.on('GET sites/full/21', () => ({ body: full(sites[0]!) }));
    api.on('POST sites/edit', (call) => {
      const body = call.body as { siteId: number; siteName?: string; tags?: string; notes?: string; externalID?: string };
      sites = sites.map((site) =>
        site.siteId === body.siteId
          ? { ...site, siteName: body.siteName ?? site.siteName, tags: body.tags === undefined ? site.tags : body.tags.split(';').filter(Boolean), notes: body.notes ?? site.notes }
          : site,
      );
      return { body: sites.find((site) => site.siteId === body.siteId) };
    });
    const user = userEvent.setup();
    const { clock } = renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');

    await user.click(screen.getByRole('button', { name: 'Harbor Depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Harbor Depot' });
    expect(currentQuery().get('siteId')).toBe('21');
    expect(await within(dialog).findByRole('textbox', { name: 'Store number' })).toHaveValue('HD-1');
    expect(within(dialog).getByRole('textbox', { name: 'Tags' })).toHaveValue('Port; VIP');
    expect(await within(dialog).findByText('Sangamon')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: /Site Name/ });
    await user.clear(name);
    await act(() => clock.advance(400));
    expect(within(dialog).getByText('Site Name is required.')).toBeInTheDocument();
    expect(api.callsTo('POST sites/edit')).toHaveLength(0);

    await user.type(name, 'Harbour Depot');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), ';  port ; Night');
    await act(() => clock.advance(399));
    expect(api.callsTo('POST sites/edit')).toHaveLength(0);
    await act(() => clock.advance(1));
    await waitFor(() => expect(api.callsTo('POST sites/edit')).toHaveLength(1));
    expect(api.callsTo('POST sites/edit')[0]!.body).toEqual({ siteId: 21, siteName: 'Harbour Depot', tags: 'Port;VIP;Night' });
    expect(await screen.findByText('Updates have been saved.')).toBeInTheDocument();
    expect(within(dialog).getByText('All changes saved.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentQuery().get('siteId')).toBeNull();
    expect(screen.getByRole('button', { name: 'Harbour Depot' })).toBeInTheDocument();
    // Recently viewed: the opened site is recorded.
    const recent = api.callsTo('POST users/prefs').filter((call) => call.query.get('type') === 'recentlyViewedSites');
    expect(recent.map((call) => call.body)).toEqual([[21]]);
  });

  it('shows the server’s words and that the change was not saved, once, below the form', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, [SITE, OTHER]);
    api.on('GET sites/full/21', { body: full(SITE) });
    api.on('POST sites/edit', {
      status: 409,
      body: { code: 'CONFLICT', message: "Another site in the account already has the name 'Inland Yard'. Please use a different site name." },
    });
    const user = userEvent.setup();
    const { clock } = renderApp({ url: '/?currentPage=Sites&siteId=21' });
    const dialog = await screen.findByRole('dialog', { name: 'Harbor Depot' });
    const name = within(dialog).getByRole('textbox', { name: /Site Name/ });
    await user.clear(name);
    await user.type(name, 'Inland Yard');
    await act(() => clock.advance(400));
    const message = "Another site in the account already has the name 'Inland Yard'. Please use a different site name. The change has not been saved.";
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('shows a refusal that names a field of the form once, under that field', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, [SITE, OTHER]);
    api.on('GET sites/full/21', { body: full(SITE) });
    api.on('POST sites/edit', { status: 400, body: { code: 'VALIDATION_FAILED', message: 'A site name can have at most 200 characters.', field: 'siteName' } });
    const user = userEvent.setup();
    const { clock } = renderApp({ url: '/?currentPage=Sites&siteId=21' });
    const dialog = await screen.findByRole('dialog', { name: 'Harbor Depot' });
    const name = within(dialog).getByRole('textbox', { name: /Site Name/ });
    await user.type(name, ' East');
    await act(() => clock.advance(400));
    const message = 'A site name can have at most 200 characters. The change has not been saved.';
    await waitFor(() => expect(name).toHaveAccessibleDescription(message));
    expect(name).toBeInvalid();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says in a notice when a change saved as the dialog closes is refused', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, [SITE, OTHER]);
    api.on('GET sites/full/21', { body: full(SITE) });
    api.on('POST sites/edit', { status: 409, body: { code: 'CONFLICT', message: 'That name is taken.', field: 'siteName' } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites&siteId=21' });
    const dialog = await screen.findByRole('dialog', { name: 'Harbor Depot' });
    await user.type(within(dialog).getByRole('textbox', { name: /Site Name/ }), ' East');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('That name is taken. The change has not been saved.')).toBeInTheDocument();
    expect(api.callsTo('POST sites/edit')).toHaveLength(1);
  });

  it('lets a read-only user see but not edit the site, nor comment', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser({ userType: 1, readOnlyMode: true })) }, [SITE]);
    api.on('GET sites/full/21', { body: full(SITE, { permissions: { canEdit: false, canComment: false, canDelete: false, deleteNeedsReason: false }, commentsCount: 1 }) });
    api.on('GET sites/21/comments', { body: [comment({})] });
    const user = userEvent.setup();
    const { clock } = renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await user.click(screen.getByRole('button', { name: 'Edit Harbor Depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Harbor Depot' });
    expect(within(dialog).getByText('Read Only users cannot make changes.')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Site Name/ });
    expect(name).toHaveAttribute('readonly');
    await user.type(name, 'x');
    await act(() => clock.advance(1000));
    expect(api.callsTo('POST sites/edit')).toHaveLength(0);

    await user.click(within(dialog).getByRole('tab', { name: 'Comments (1)' }));
    expect(await within(dialog).findByText('Read Only users cannot add comments.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Add a comment' })).toBeNull();
    expect(within(dialog).getByText('Fence repaired.')).toBeInTheDocument();
  });

  it('lists comments newest first with author and date, and adds one', async () => {
    let comments = [comment({ commentId: 2, comment: 'Camera offline.', date: '2026-02-10T09:00:00.000Z' }), comment({})];
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, [SITE]);
    api.on('GET sites/full/21', () => ({ body: full(SITE, { commentsCount: comments.length }) }));
    api.on('GET sites/21/comments', () => ({ body: comments }));
    api.on('POST sites/21/comments', (call) => {
      const added = comment({ commentId: 3, comment: (call.body as { comment: string }).comment, author: 'Dana Reyes', userId: 7, date: '2026-03-02T09:00:00.000Z' });
      comments = [added, ...comments];
      return { body: added };
    });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await user.click(screen.getByRole('button', { name: 'Comments for Harbor Depot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Harbor Depot' });
    expect(await within(dialog).findByRole('tab', { name: 'Comments (2)', selected: true })).toBeInTheDocument();
    await within(dialog).findAllByTestId('site-comment');
    expect(within(dialog).getAllByTestId('site-comment').map((item) => item.firstChild?.textContent)).toEqual(['Camera offline.', 'Fence repaired.']);
    expect(within(dialog).getAllByTestId('site-comment')[1]).toHaveTextContent('Sam Standard');

    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    expect(within(dialog).getByText('Please enter a comment.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Add a comment' }), 'Guard on duty until 22:00.');
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('site-comment')).toHaveLength(3));
    expect(api.callsTo('POST sites/21/comments')[0]!.body).toEqual({ comment: 'Guard on duty until 22:00.' });
    expect(within(dialog).getAllByTestId('site-comment')[0]).toHaveTextContent('Guard on duty until 22:00.');
    expect(within(dialog).getAllByTestId('site-comment')[0]).toHaveTextContent('Dana Reyes');
    expect(within(dialog).getByRole('textbox', { name: 'Add a comment' })).toHaveValue('');
    await waitFor(() => expect(within(dialog).getByRole('tab', { name: 'Comments (3)' })).toBeInTheDocument());
  });

  it('counts a comment’s characters as they are typed and will not add one over 2,000', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, [SITE]);
    api.on('GET sites/full/21', { body: full(SITE) });
    api.on('GET sites/21/comments', { body: [] });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites&siteId=21' });
    const dialog = await screen.findByRole('dialog', { name: 'Harbor Depot' });
    await user.click(within(dialog).getByRole('tab', { name: /Comments/ }));
    const box = await within(dialog).findByRole('textbox', { name: 'Add a comment' });
    expect(within(dialog).getByText('0 / 2,000')).toBeInTheDocument();
    await user.type(box, 'Gate 4');
    expect(within(dialog).getByText('6 / 2,000')).toBeInTheDocument();

    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(2001));
    expect(box).toHaveValue('x'.repeat(2001));
    expect(within(dialog).getByText('2,001 / 2,000')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(/A comment can have at most 2,000 characters\./);
    expect(within(dialog).getByRole('button', { name: 'Add comment' })).toBeDisabled();

    await user.type(box, '{Backspace}');
    expect(within(dialog).getByText('2,000 / 2,000')).toBeInTheDocument();
    expect(box).toBeValid();
    expect(within(dialog).getByRole('button', { name: 'Add comment' })).toBeEnabled();
    expect(api.callsTo('POST sites/21/comments')).toHaveLength(0);
  });

  it('shows a refused comment’s reason once: under the box when it names the comment, else below it', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, [SITE]);
    api.on('GET sites/full/21', { body: full(SITE) });
    api.on('GET sites/21/comments', { body: [] });
    api.on('POST sites/21/comments', { status: 400, body: { code: 'VALIDATION_FAILED', message: 'The comment cannot be saved as written.', field: 'comment' } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites&siteId=21' });
    const dialog = await screen.findByRole('dialog', { name: 'Harbor Depot' });
    await user.click(within(dialog).getByRole('tab', { name: /Comments/ }));
    const box = await within(dialog).findByRole('textbox', { name: 'Add a comment' });
    await user.type(box, 'Fence repaired.');
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(/The comment cannot be saved as written\./));
    expect(screen.getAllByText('The comment cannot be saved as written.')).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // Typing again clears the old reason.
    await user.type(box, ' Twice.');
    expect(screen.queryByText('The comment cannot be saved as written.')).toBeNull();

    api.on('POST sites/21/comments', { status: 403, body: { code: 'FORBIDDEN', message: 'You do not have permission to add comments.' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You do not have permission to add comments.');
    expect(screen.getAllByText('You do not have permission to add comments.')).toHaveLength(1);
  });

  it('says so when a linked site is not in the library', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser()) }, [SITE]);
    renderApp({ url: '/?currentPage=Sites&siteId=999' });
    expect(await screen.findByText('The site was not found.')).toBeInTheDocument();
    await waitFor(() => expect(currentQuery().get('siteId')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the recently viewed list newest first, without repeats', async () => {
    const api = mockSitesApi(
      {
        ...signedInRoutes(makeUser()),
        'GET users/prefs': (call) => ({ body: { type: call.query.get('type'), value: call.query.get('type') === 'recentlyViewedSites' ? [5, 22, 9] : null } }),
      },
      [SITE, OTHER],
    );
    api.on('GET sites/full/22', { body: full(OTHER) });
    renderApp({ url: '/?currentPage=Sites&siteId=22' });
    await screen.findByRole('dialog', { name: 'Inland Yard' });
    await waitFor(() => expect(api.callsTo('POST users/prefs').filter((call) => call.query.get('type') === 'recentlyViewedSites')).toHaveLength(1));
    expect(api.callsTo('POST users/prefs').find((call) => call.query.get('type') === 'recentlyViewedSites')!.body).toEqual([22, 5, 9]);
  });
});
