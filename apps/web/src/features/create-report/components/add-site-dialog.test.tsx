import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TGeocodeCandidate, TSite } from '@riskatlas/domain';
import { makeAdmin, makeUser } from '../../../test/fixtures';
import { signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { librarySite as makeSite, mockLibrary } from '../testing/library';

const candidate = (city: string, latitude: number, longitude: number): TGeocodeCandidate => ({
  Street: '1 Main St',
  City: city,
  State: 'IL',
  PostalCode: '60601',
  Country: 'USA',
  Coordinates: { Latitude: latitude, Longitude: longitude },
  precision: 'ADDRESS',
  confidence: 0.8,
  countryId: 1,
  county: null,
});

describe('The first-run library', () => {
  it('offers an empty account Add a site and Create a report', async () => {
    mockLibrary({ ...signedInRoutes(makeAdmin()) }, () => []);
    renderApp({ url: '/?currentPage=Sites' });
    expect(await screen.findByText('Your site library is empty')).toBeInTheDocument();
    const panel = screen.getByText('Your site library is empty').closest('[role="status"]') as HTMLElement;
    expect(within(panel).getByRole('button', { name: 'Add a site' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Create a report' })).toBeInTheDocument();
  });

  it('offers a read-only user neither', async () => {
    mockLibrary({ ...signedInRoutes(makeUser({ userType: 1, readOnlyMode: true, allowCreateReports: false })) }, () => []);
    renderApp({ url: '/?currentPage=Sites' });
    expect(await screen.findByText('Your site library is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a site' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create a report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Report' })).toBeNull();
  });
});

describe('Add a site', () => {
  it('asks for a name, names a taken one, resolves several candidates in the chooser, and lists the new site', async () => {
    let sites: TSite[] = [];
    const api = mockLibrary(
      {
        ...signedInRoutes(makeAdmin()),
        'POST sites/withname': (call) => ({ body: call.body === 'Depot' ? 44 : 0 }),
        'POST sites/withexternalid': { body: 0 },
        'POST sites/geocode': { body: { candidates: [candidate('Chicago', 41.8819, -87.6278), candidate('Springfield', 39.7817, -89.6501)] } },
        'GET sites/isscorable/39.7817/-89.6501': { body: { isScorable: true, countryId: 1 } },
        'POST sites/atlocation/0': { body: [] },
        'POST sites': (call) => {
          const created = makeSite({ siteId: 7, siteName: (call.body as { siteName: string }).siteName });
          sites = [created];
          return { body: created };
        },
      },
      () => sites,
    );
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await user.click(await screen.findByRole('button', { name: 'Add a site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a site' });

    await user.click(within(dialog).getByRole('button', { name: 'Add site' }));
    expect(await within(dialog).findByText('Site Name is required.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Site name/), 'Depot');
    expect(await within(dialog).findByText("Another site in the account already has the name 'Depot'. Please use a different site name.")).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Site name/));
    await user.type(within(dialog).getByLabelText(/Site name/), 'Springfield Store');
    await user.type(within(dialog).getByLabelText('Street'), '1 Main St');
    await user.type(within(dialog).getByLabelText('City'), 'Springfield');
    await user.type(within(dialog).getByLabelText('State, province or region'), 'IL');
    await user.type(within(dialog).getByLabelText('Tags'), 'North, VIP');
    await user.click(within(dialog).getByRole('button', { name: 'Add site' }));

    const chooser = await within(dialog).findByRole('list', { name: 'Address candidates' });
    expect(within(dialog).getByText('This address matches 2 places. Choose the one you mean:')).toBeInTheDocument();
    expect(api.callsTo('POST sites')).toHaveLength(0);
    await user.click(within(chooser).getByText(/Springfield, IL 60601/));
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('39.7817');
    await user.click(within(dialog).getByRole('button', { name: 'Add site' }));

    expect(await screen.findByText("'Springfield Store' has been added to your Site Library.")).toBeInTheDocument();
    expect(api.callsTo('POST sites')[0]!.body).toMatchObject({ siteName: 'Springfield Store', latitude: 39.7817, longitude: -89.6501, tags: 'North;VIP', city: 'Springfield' });
    expect(api.callsTo('POST sites')[0]!.query.get('ignoreDuplicates')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Springfield Store' })).toBeInTheDocument();
  });

  it('shows the site already at the location, creates anyway with ignoreDuplicates, and words a failure', async () => {
    const existing = makeSite({ siteId: 5, siteName: 'Old Store' });
    const api = mockLibrary(
      {
        ...signedInRoutes(makeAdmin()),
        'POST sites/withname': { body: 0 },
        'POST sites/withexternalid': { body: 0 },
        'GET sites/isscorable/41.5/-87.5': { body: { isScorable: true, countryId: 1 } },
        'POST sites/atlocation/0': { body: [{ ...existing, distance: 3 }] },
        'POST sites': { status: 400, body: { code: 'BAD_REQUEST', message: 'You may not create more than 3 sites without reports.' } },
      },
      () => [existing],
    );
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await user.click(await screen.findByRole('button', { name: 'Add a site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a site' });
    await user.type(within(dialog).getByLabelText(/Site name/), 'New Store');
    await user.type(within(dialog).getByLabelText('Latitude'), '41.5');
    await user.type(within(dialog).getByLabelText('Longitude'), '-87.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add site' }));

    const duplicate = await screen.findByRole('dialog', { name: 'A site is already at this location' });
    expect(within(duplicate).getByText('Old Store')).toBeInTheDocument();
    await user.click(within(duplicate).getByRole('button', { name: 'Create a new site anyway' }));
    await waitFor(() => expect(api.callsTo('POST sites')).toHaveLength(1));
    expect(api.callsTo('POST sites')[0]!.query.get('ignoreDuplicates')).toBe('true');
    expect(await within(dialog).findByText('There was an error creating the site: You may not create more than 3 sites without reports.')).toBeInTheDocument();
  });

  it('refuses coordinates out of range and a point outside every covered country', async () => {
    mockLibrary(
      {
        ...signedInRoutes(makeAdmin()),
        'POST sites/withname': { body: 0 },
        'GET sites/isscorable/48.85/2.35': { body: { isScorable: false, countryId: null } },
      },
      () => [makeSite({ siteId: 1 })],
    );
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await user.click(await screen.findByRole('button', { name: 'Add a site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a site' });
    await user.type(within(dialog).getByLabelText(/Site name/), 'Paris');
    await user.type(within(dialog).getByLabelText('Latitude'), '95');
    await user.type(within(dialog).getByLabelText('Longitude'), '2.35');
    await user.click(within(dialog).getByRole('button', { name: 'Add site' }));
    expect(await within(dialog).findByText('Latitude must be a number from -90 to 90 with at most 15 decimals.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Latitude'));
    await user.type(within(dialog).getByLabelText('Latitude'), '48.85');
    await user.click(within(dialog).getByRole('button', { name: 'Add site' }));
    expect(await within(dialog).findByText('The location is not scorable. Please verify coordinates and try again.')).toBeInTheDocument();
  });
});
