import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentQuery, renderApp } from '../../../test/render-app';
import { mapSite, mockMapApi } from '../testing/map-sites';

const SITES = [
  mapSite(1, 'Chicago Loop', { latitude: 41.8847, longitude: -87.6325 }),
  mapSite(2, 'Denver Yard', { latitude: 39.7392, longitude: -104.9903 }),
  mapSite(3, 'Austin Hub', { latitude: 30.2747, longitude: -97.7404 }),
];

async function pick(user: ReturnType<typeof userEvent.setup>, names: string[]) {
  const list = await screen.findByRole('list', { name: 'Sites on the map' }, { timeout: 15_000 });
  for (const name of names) await user.click(within(list).getByRole('button', { name }));
}

describe('Select Multiple Sites page', () => {
  it('picks sites by clicking them, lists them, and puts one back', async () => {
    mockMapApi(SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Select%20Multiple%20Sites&from=Map', width: 1400 });
    await pick(user, ['Chicago Loop', 'Denver Yard', 'Austin Hub']);
    // A box needs the drawn map (jsdom draws none).
    expect(screen.getByRole('button', { name: 'Draw a box' })).toBeDisabled();
    const picked = screen.getByRole('region', { name: 'Picked sites' });
    expect(picked).toHaveTextContent('Picked: 3 sites');
    await user.click(within(picked).getByRole('button', { name: 'Remove Denver Yard' }));
    expect(picked).toHaveTextContent('Picked: 2 sites');
    // A second click on a picked site puts it back.
    await pick(user, ['Austin Hub']);
    expect(within(picked).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Chicago Loop')]);
    await user.click(screen.getByRole('button', { name: 'Done (1 site)' }));
    await waitFor(() => expect(currentQuery().get('currentPage')).toBe('Map'));
  });

  it('returns to Sites, not the Dashboard, with the picks as the library selection', async () => {
    mockMapApi(SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Select%20Multiple%20Sites&from=Dashboard', width: 1400 });
    await pick(user, ['Chicago Loop', 'Austin Hub']);
    await user.click(screen.getByRole('button', { name: 'Done (2 sites)' }));
    await waitFor(() => expect(currentQuery().get('currentPage')).toBe('Sites'));
    expect(await screen.findByText('2 sites selected', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('goes back to the page it came from when that is neither Sites nor Dashboard, and Cancel picks nothing', async () => {
    mockMapApi(SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Select%20Multiple%20Sites&from=Compare%20Sites', width: 1400 });
    await pick(user, ['Chicago Loop']);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentQuery().get('currentPage')).toBe('Compare Sites'));
  });
});
