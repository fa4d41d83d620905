import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { signedInRoutes } from '../../../test/mock-api';
import { currentQuery, renderApp } from '../../../test/render-app';
import { goToPage } from '../../../lib/navigation';
import { makeSite } from '../testing/make-site';
import { mockSitesApi } from '../testing/serve-sites';

const SITES = [
  makeSite({ siteId: 1, siteName: 'Chicago Loop', countryCode: 'USA', countryDisplay: 'United States' }),
  makeSite({ siteId: 2, siteName: 'Toronto Bay', countryCode: 'CAN', countryDisplay: 'Canada', state: 'ON' }),
  makeSite({ siteId: 3, siteName: 'Denver Yard', countryCode: 'USA', countryDisplay: 'United States' }),
];

const names = () => screen.getAllByTestId('site-row').map((row) => row.querySelector('[data-column="siteName"]')?.textContent);

describe('Site filter menu', () => {
  it('filters by country and loads the chosen release year', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    expect(screen.getByTestId('site-filter-button')).toHaveTextContent('All countries · Current release');

    await user.click(screen.getByTestId('site-filter-button'));
    const filter = await screen.findByRole('dialog', { name: 'Site filter' });
    await user.click(within(filter).getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Canada' }));
    expect(names()).toEqual(['Toronto Bay']);
    expect(screen.getByText('1 site of 3')).toBeInTheDocument();

    await user.click(within(filter).getByRole('combobox', { name: 'Release year' }));
    const years = screen.getAllByRole('option').map((option) => option.textContent);
    expect(years).toHaveLength(12);
    expect(years.slice(0, 3)).toEqual(['Current release', '2026', '2025']);
    expect(years).not.toContain('Default');
    await user.click(screen.getByRole('option', { name: '2024' }));
    await waitFor(() => expect(api.callsTo('GET m/sites').at(-1)?.query.get('releaseYear')).toBe('2024'));
    expect(currentQuery().get('release')).toBe('2024');
    expect(screen.getByTestId('site-filter-button')).toHaveTextContent('Canada · 2024 release');
  });

  it('offers provider staff a Default release and every year back to the first release', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser({ userType: 4, capMode: true, adminMode: true })) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await user.click(screen.getByTestId('site-filter-button'));
    const filter = await screen.findByRole('dialog', { name: 'Site filter' });
    await user.click(within(filter).getByRole('combobox', { name: 'Release year' }));
    const years = screen.getAllByRole('option').map((option) => option.textContent);
    expect(years.slice(0, 3)).toEqual(['Current release', 'Default', '2026']);
    expect(years.at(-1)).toBe('2003');
  });
});

describe('Site list cache', () => {
  it('reuses the loaded list when the user comes back to the library', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser({}, { dataLastUpdated: '2020-01-01T00:00:00.000Z' })) }, SITES);
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    // (React's strict mode mounts twice in development, and the first request is cancelled.)
    const loads = api.callsTo('GET m/sites').length;

    act(() => goToPage('Help'));
    await screen.findByRole('heading', { name: 'Help & Support' });
    act(() => goToPage('Sites'));
    await screen.findAllByTestId('site-row');
    expect(names()).toHaveLength(3);
    expect(api.callsTo('GET m/sites')).toHaveLength(loads);
  });

  it('asks the server again for another user', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser({}, { dataLastUpdated: '2020-01-01T00:00:00.000Z' })) }, SITES);
    const view = renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    view.unmount();
    const second = mockSitesApi({ ...signedInRoutes(makeUser({ userId: 8, userID: 8 }, { dataLastUpdated: '2020-01-01T00:00:00.000Z' })) }, SITES.slice(0, 1));
    renderApp({ url: '/?currentPage=Sites' });
    await waitFor(() => expect(names()).toEqual(['Chicago Loop']));
    expect(second.callsTo('GET m/sites').length).toBeGreaterThan(0);
  });

  it('lets support uncache the account’s site lists, which reloads the library', async () => {
    let sites = [...SITES];
    const api = mockSitesApi({ ...signedInRoutes(makeUser({ userType: 4, capMode: true, adminMode: true }, { dataLastUpdated: '2020-01-01T00:00:00.000Z' })) }, () => sites);
    api.on('POST sites/deletecache', () => {
      sites = sites.slice(0, 2);
      return { body: { dataLastUpdated: '2026-11-22T00:00:00.000Z' } };
    });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    const loads = api.callsTo('GET m/sites').length;
    await user.click(screen.getByRole('button', { name: /^Actions/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Uncache sites' }));
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(api.callsTo('GET m/sites')).toHaveLength(loads + 1);
    expect(await screen.findByText('The site lists of this account will reload for every user.')).toBeInTheDocument();
  });
});
