import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { makeSite } from '../testing/make-site';
import { mockSitesApi } from '../testing/serve-sites';

const SITES = [
  makeSite({ siteId: 1, siteName: 'Chicago Loop Store', city: 'Chicago', zipCode: '60601', tags: ['VIP', 'North'], eid: 'S-100', s: { '2': 520 }, l: { r: 2026, p: 0, f: 0 }, lrr: '2026-01-15T00:00:00.000Z' }),
  makeSite({ siteId: 2, siteName: 'Denver Yard', city: 'Denver', state: 'CO', zipCode: '80202', tags: ['Flagship'], notes: 'Main street entrance', classes: [4], classificationView: 'Retail / West' }),
  makeSite({ siteId: 3, siteName: 'Chicago Depot', city: 'Chicago', zipCode: '60699', tags: [], eid: null, s: { '2': 90 }, l: { r: 2025, p: 1, f: 0 }, lrr: '2025-04-01T00:00:00.000Z' }),
  makeSite({ siteId: 4, siteName: 'Austin Hub', city: 'Austin', state: 'TX', zipCode: '73301', tags: ['north'], eid: 'S-400' }),
];

/** The names listed, alphabetically (the grid's own order is newest first). */
const names = () => screen.queryAllByTestId('site-row').map((row) => row.querySelector('[data-column="siteName"]')?.textContent ?? '').sort();

async function searchFor(user: UserEvent, text: string) {
  const box = screen.getByRole('searchbox', { name: 'Search sites' });
  await user.clear(box);
  if (text) await user.paste(text);
}

async function expectNames(expected: string[]) {
  await waitFor(() => expect(names()).toEqual(expected));
}

describe('Site Library search', () => {
  it('finds sites by every form of the search syntax, in the browser', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser({}, { externalIDName: 'Store Number' })) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    const loads = api.callsTo('GET m/sites').length;

    // Words: all must appear, anywhere.
    await searchFor(user, 'chicago store');
    await expectNames(['Chicago Loop Store']);
    expect(screen.getByText('1 site of 4')).toBeInTheDocument();
    // A quoted phrase.
    await searchFor(user, '"main street"');
    await expectNames(['Denver Yard']);
    // field:value, with ';' alternatives, numeric ranges and null.
    await searchFor(user, 'city:Denver;Austin');
    await expectNames(['Austin Hub', 'Denver Yard']);
    await searchFor(user, 'zipCode:60600-60699');
    await expectNames(['Chicago Depot', 'Chicago Loop Store']);
    await searchFor(user, 'eid:null');
    await expectNames(['Chicago Depot', 'Denver Yard']);
    await searchFor(user, 'storenumber:S-400');
    await expectNames(['Austin Hub']);
    await searchFor(user, 'scoreRange2:400-2000');
    await expectNames(['Chicago Loop Store']);
    await searchFor(user, 'hasReport:1');
    await expectNames(['Chicago Depot', 'Chicago Loop Store']);
    await searchFor(user, 'lrr:2025');
    await expectNames(['Chicago Depot']);
    // #tags (whole tag, any case) and @classes.
    await searchFor(user, '#north');
    await expectNames(['Austin Hub', 'Chicago Loop Store']);
    await searchFor(user, '#north #vip');
    await expectNames(['Chicago Loop Store']);
    await searchFor(user, '@retail');
    await expectNames(['Denver Yard']);
    // A leading OR: any term is enough.
    await searchFor(user, 'OR #flagship city:Austin');
    await expectNames(['Austin Hub', 'Denver Yard']);
    // Nothing found.
    await searchFor(user, 'zzz');
    await expectNames([]);
    // Said at the top of the grid, over its empty body, where the eye already is.
    expect(within(screen.getByTestId('site-grid-frame')).getByRole('status')).toHaveTextContent('No sites match “zzz”.');
    await searchFor(user, '');
    await expectNames(['Austin Hub', 'Chicago Depot', 'Chicago Loop Store', 'Denver Yard']);
    // Searching never asks the server.
    expect(api.callsTo('GET m/sites')).toHaveLength(loads);
  });

  it('applies the tag mode of the filter: any of the #tags, or sites without tags', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await searchFor(user, '#vip #flagship');
    await expectNames([]);

    await user.click(screen.getByTestId('site-filter-button'));
    const filter = await screen.findByRole('dialog', { name: 'Site filter' });
    await user.click(within(filter).getByRole('combobox', { name: 'Tags searched with #' }));
    await user.click(await screen.findByRole('option', { name: 'Sites with any of the tags' }));
    await expectNames(['Chicago Loop Store', 'Denver Yard']);

    await user.click(within(filter).getByRole('combobox', { name: 'Tags searched with #' }));
    await user.click(await screen.findByRole('option', { name: 'Sites without tags' }));
    await expectNames(['Chicago Depot']);
  });

  it('filters by column with the map column search: phrases, alternatives, null and ranges', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await user.click(screen.getByRole('button', { name: 'Column filters' }));
    const filter = async (label: string, text: string) => {
      const box = screen.getByRole('searchbox', { name: `Filter ${label}` });
      await user.clear(box);
      if (text) {
        await user.click(box);
        await user.paste(text);
      }
    };
    await filter('City', '"chicago"');
    await expectNames(['Chicago Depot', 'Chicago Loop Store']);
    await filter('City', 'chicago;austin');
    await expectNames(['Austin Hub', 'Chicago Depot', 'Chicago Loop Store']);
    await filter('Zip / Post Code', '60600-60699');
    await expectNames(['Chicago Depot', 'Chicago Loop Store']);
    await filter('External ID', 'null');
    await expectNames(['Chicago Depot']);
    await filter('External ID', '');
    await filter('Composite score', '400-2000');
    await expectNames(['Chicago Loop Store']);
    expect(screen.queryByRole('searchbox', { name: 'Filter Actions' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Column filters' }));
    await expectNames(['Austin Hub', 'Chicago Depot', 'Chicago Loop Store', 'Denver Yard']);
  });

  it('explains the syntax', async () => {
    mockSitesApi({ ...signedInRoutes(makeUser({}, { externalIDName: 'Store Number' })) }, SITES);
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await screen.findAllByTestId('site-row');
    await user.click(screen.getByRole('button', { name: 'Search help' }));
    const help = await screen.findByRole('dialog', { name: 'Search help' });
    expect(help).toHaveTextContent('#VIP');
    expect(help).toHaveTextContent('OR #VIP #Flagship');
    expect(help).toHaveTextContent('country:"united states"');
    expect(help).toHaveTextContent('The external id can also be searched as storenumber:value.');
  });
});
