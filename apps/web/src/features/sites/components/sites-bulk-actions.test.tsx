import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { splitTags, tagsAfterEdit, type TSite, type TSiteTagEditMode } from '@riskatlas/domain';
import { makeAdmin, makeTask, makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { mockSitesApi, serveSites } from '../testing/serve-sites';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../testing/make-site';

const SITES: TSite[] = [
  makeSite({ siteId: 11, siteName: 'Alpha', tags: ['North'] }),
  makeSite({ siteId: 12, siteName: 'Bravo', tags: ['VIP', 'north'] }),
  makeSite({ siteId: 13, siteName: 'Charlie' }),
];

async function openActions(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: /^Actions/ }));
  return screen.findByRole('menu', { name: 'Site actions' });
}

async function select(user: UserEvent, ...names: string[]) {
  for (const name of names) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
}

const SUPPORT = () => makeUser({ userType: 4, capMode: true, adminMode: true });

describe('Site Library bulk actions', () => {
  it('asks for a selection first, and marks actions whose feature is not built as not available yet', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');

    let menu = await openActions(user);
    const labels = within(menu).getAllByRole('menuitem').map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
    expect(labels).toEqual([
      'Add to dashboard',
      'Compare',
      'Create report or batch',
      'Upgrade reports',
      'Add points of interest',
      'Edit tags',
      'Replace classifications',
      'Excel summary',
      'Download CSV',
      'Download reports',
    ]);
    const compare = within(menu).getByRole('menuitem', { name: /Compare/ });
    expect(compare).toHaveAttribute('aria-disabled', 'true');
    expect(compare).toHaveTextContent('Not available yet');
    await user.hover(compare);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Comparing sites is not available yet.');
    await user.click(compare);
    expect(screen.getByRole('menu')).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Edit tags' }));
    expect(await screen.findByText('There are no sites selected.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    // Selecting changes the line under the toolbar, never the toolbar itself (it would move).
    const toolbar = screen.getByTestId('sites-toolbar');
    const toolbarBefore = { text: toolbar.textContent, parts: toolbar.children.length };
    expect(screen.getByText('Select sites to act on several at once.')).toBeInTheDocument();
    await select(user, 'Alpha', 'Charlie');
    expect(screen.getByTestId('selection-summary')).toHaveTextContent('2 sites selected');
    expect(screen.getByRole('button', { name: 'Actions (2)' })).toHaveTextContent(/^Actions$/);
    expect({ text: toolbar.textContent, parts: toolbar.children.length }).toEqual(toolbarBefore);
    menu = await openActions(user);
    expect(within(menu).queryByRole('menuitem', { name: 'Delete sites' })).toBeNull();
    expect(api.callsTo('POST sites/delete')).toHaveLength(0);
  });

  it('offers a read-only user no editing or deleting', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser({ userType: 1, readOnlyMode: true })) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    const menu = await openActions(user);
    expect(within(menu).queryByRole('menuitem', { name: 'Edit tags' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: /Delete/ })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Download CSV' })).toBeInTheDocument();
  });

  it('lets an administrator delete the selected sites after confirming it cannot be undone; the list reloads when the job ends', async () => {
    let sites = [...SITES];
    const api = mockApi({ ...signedInRoutes(makeAdmin()) });
    serveSites(api, () => sites);
    api.on('POST sites/delete', (call) => {
      const ids = call.body as number[];
      sites = sites.filter((site) => !ids.includes(site.siteId));
      return { body: { taskStatusId: 90, count: ids.length } };
    });
    api.on('GET users/taskstatuses/90', { body: makeTask({ taskStatusId: 90, currentStatus: 2, message: 'Delete sites', detail: '2 sites have been deleted.', objectType: 1 }) });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await select(user, 'Alpha', 'Bravo');

    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Delete sites' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete sites' });
    expect(dialog).toHaveTextContent('Delete 2 sites? Their reports and comments are deleted with them. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST sites/delete')).toHaveLength(0);

    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Delete sites' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete sites' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('site-row')).toHaveLength(1));
    const call = api.callsTo('POST sites/delete')[0]!;
    expect(call.body).toEqual([11, 12]);
    expect(call.query.get('reason')).toBeNull();
    expect(await screen.findByText('2 sites have been deleted.')).toBeInTheDocument();
    expect(screen.queryByTestId('selection-summary')).toBeNull();
  });

  it('asks provider staff for a reason, with the quick answer Customer Request', async () => {
    const api = mockSitesApi({ ...signedInRoutes(SUPPORT()) }, SITES);
    api.on('POST sites/delete', { body: { taskStatusId: 91, count: 1 } });
    api.on('GET users/taskstatuses/91', { body: makeTask({ taskStatusId: 91, currentStatus: 1 }) });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await select(user, 'Charlie');
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Delete sites' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete sites' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByText('Please give a reason for deleting the sites.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Customer Request' }));
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Customer Request');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('POST sites/delete')).toHaveLength(1));
    expect(api.callsTo('POST sites/delete')[0]!.query.get('reason')).toBe('Customer Request');
    expect(await screen.findByText('Deleting 1 site…')).toBeInTheDocument();
  });

  it('deletes by ids for provider staff: bad tokens are named and nothing is sent', async () => {
    const api = mockSitesApi({ ...signedInRoutes(SUPPORT()) }, SITES);
    api.on('POST sites/delete', { body: { taskStatusId: 92, count: 2 } });
    api.on('GET users/taskstatuses/92', { body: makeTask({ taskStatusId: 92, currentStatus: 1 }) });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    const menu = await openActions(user);
    expect(within(menu).getByText('Support')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Delete sites by id' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete sites by id' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Site ids' }), '11, 12x 13');
    await user.click(within(dialog).getByRole('button', { name: 'Customer Request' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByText("Nothing was deleted. This is not a valid site id: '12x'.")).toBeInTheDocument();
    expect(api.callsTo('POST sites/delete')).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Site ids' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Site ids' }), '11,{enter}13');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('POST sites/delete')).toHaveLength(1));
    expect(api.callsTo('POST sites/delete')[0]!.body).toBe('11,\n13');
    expect(api.callsTo('POST sites/delete')[0]!.query.get('reason')).toBe('Customer Request');
  });

  it('starts a CSV download of the selected sites; the notifications follow the job', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    api.on('POST sites/csv', { body: { taskStatusId: 93, count: 1 } });
    api.on('GET users/taskstatuses/93', { body: makeTask({ taskStatusId: 93, currentStatus: 1, message: 'Site CSV download' }) });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await select(user, 'Bravo');
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Download CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download CSV' });
    expect(within(dialog).getByRole('radio', { name: 'The selected site' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(api.callsTo('POST sites/csv')).toHaveLength(1));
    const call = api.callsTo('POST sites/csv')[0]!;
    expect(call.body).toEqual([12]);
    expect(call.query.get('forAccount')).toBe('false');
    expect(call.query.get('reportSummary')).toBe('true');
    expect(call.query.get('releaseYear')).toBe('-1');
    expect(await screen.findByText('Your site CSV file is being prepared. It will appear in File Downloads when it is ready.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET users/taskstatuses/93').length).toBeGreaterThan(0));
  });

  it('adds tags to the selected sites in one request, then reloads the list', async () => {
    let sites = [...SITES];
    const api = mockApi({ ...signedInRoutes(makeUser()) });
    serveSites(api, () => sites);
    api.on('POST sites/tags', (call) => {
      const body = call.body as { siteIds: number[]; mode: TSiteTagEditMode; tags: string };
      let count = 0;
      sites = sites.map((site) => {
        if (!body.siteIds.includes(site.siteId)) return site;
        const tags = tagsAfterEdit(site.tags, splitTags(body.tags), body.mode);
        if (tags.join(';') !== site.tags.join(';')) count += 1;
        return { ...site, tags };
      });
      return { body: { count } };
    });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await select(user, 'Alpha', 'Bravo');
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Edit tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tags' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), ' north ;VIP; ;vip');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST sites/tags')).toHaveLength(1));
    expect(api.callsTo('POST sites/tags')[0]!.body).toEqual({ siteIds: [11, 12], mode: 'add', tags: 'north;VIP' });
    expect(await screen.findByText('Updates have been saved.')).toBeInTheDocument();
    // Alpha gains VIP; Bravo already has both.
    await waitFor(() => expect(screen.getAllByTestId('site-row')[0]!.querySelector('[data-column="tags"]')).toHaveTextContent('NorthVIP'));
  });

  it('says which tag changes were not saved, with the server’s words', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    api.on('POST sites/tags', { status: 403, body: { code: 'FORBIDDEN', message: 'You do not have permission to edit sites.' } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await select(user, 'Alpha', 'Charlie');
    await user.click(within(await openActions(user)).getByRole('menuitem', { name: 'Edit tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tags' });
    await user.click(within(dialog).getByRole('radio', { name: 'Replace all tags' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags' }), 'Closed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You do not have permission to edit sites. The change has not been saved.')).toBeInTheDocument();
    expect(api.callsTo('POST sites/tags')[0]!.body).toEqual({ siteIds: [11, 13], mode: 'replace', tags: 'Closed' });

    // A refusal about the tags shows once, under the Tags field.
    api.on('POST sites/tags', { status: 400, body: { code: 'VALIDATION_FAILED', message: 'A tag can have at most 50 characters.', field: 'tags' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = 'A tag can have at most 50 characters. The change has not been saved.';
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Tags' })).toHaveAccessibleDescription(message));
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText('You do not have permission to edit sites. The change has not been saved.')).toBeNull();
  });
});
