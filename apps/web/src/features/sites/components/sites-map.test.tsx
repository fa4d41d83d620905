import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { signedInRoutes, type Handler } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../testing/make-site';
import { mockSitesApi } from '../testing/serve-sites';

const SITES = [
  makeSite({ siteId: 1, siteName: 'Chicago Loop', latitude: 41.88, longitude: -87.63 }),
  makeSite({ siteId: 2, siteName: 'Denver Yard', latitude: 39.74, longitude: -104.99 }),
  makeSite({ siteId: 3, siteName: 'Austin Hub', latitude: 30.27, longitude: -97.74 }),
];

function settings(value: Record<string, unknown>): Handler {
  return (call) => ({ body: { type: call.query.get('type'), value: call.query.get('type') === 'appSettings' ? value : null } });
}

const appSettingsSaves = (api: ReturnType<typeof mockSitesApi>) => api.callsTo('POST users/prefs').filter((call) => call.query.get('type') === 'appSettings').map((call) => call.body);

describe('Site Library map panel', () => {
  it('shows the map beside the grid at 500 px on a wide window, with the sites the search finds', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()), 'GET users/prefs': settings({ showLibraryMap: true }) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites', width: 1600 });
    await screen.findAllByTestId('site-row');
    const panel = await screen.findByTestId('library-map');
    // jsdom has no WebGL: the map says so instead of showing a blank box (Chromium draws it: e2e/map.e2e.ts).
    expect(within(panel).getByRole('region', { name: 'Map of 3 sites' })).toHaveTextContent('The map cannot be shown in this browser.The sites are listed in the grid.');
    const handle = within(panel).getByRole('separator', { name: 'Resize the map' });
    // 500 px of 1600 px is 31.25 %.
    expect(handle).toHaveAttribute('aria-valuenow', '31.3');
    expect(within(panel).getByLabelText('Composite score bands')).toHaveTextContent('LowMedium-LowMediumMedium-HighHighNo score');

    await user.click(screen.getByRole('searchbox', { name: 'Search sites' }));
    await user.paste('denver');
    await waitFor(() => expect(within(panel).getByRole('region', { name: 'Map of 1 site' })).toBeInTheDocument());

    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    await waitFor(() => expect(appSettingsSaves(api)).toContainEqual({ libraryMapSize: 32.3 }));
    await user.click(within(panel).getByRole('button', { name: 'Hide the map' }));
    await waitFor(() => expect(screen.queryByTestId('library-map')).toBeNull());
    expect(appSettingsSaves(api)).toContainEqual({ showLibraryMap: false });
  });

  it('is opened with the Map button and sized 35 % of a medium window', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites', width: 1200 });
    await screen.findAllByTestId('site-row');
    expect(screen.queryByTestId('library-map')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Map' }));
    const panel = await screen.findByTestId('library-map');
    expect(within(panel).getByRole('separator', { name: 'Resize the map' })).toHaveAttribute('aria-valuenow', '35');
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    expect(appSettingsSaves(api)).toEqual([{ showLibraryMap: true }]);
  });

  it('is hidden below 960 px, even when the user left it open', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser()), 'GET users/prefs': settings({ showLibraryMap: true }) }, SITES);
    renderApp({ url: '/?currentPage=Sites', width: 900 });
    await screen.findAllByTestId('site-row');
    expect(screen.queryByTestId('library-map')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Map' })).toBeNull();
  });
});
