import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAccount, makeUser } from '../../test/fixtures';
import { mockApi, signedInRoutes } from '../../test/mock-api';
import { currentQuery, renderApp } from '../../test/render-app';

describe('side navigation', () => {
  it('lists only the pages that exist: Site Library, Help and Accessibility; Help is named Help & Support with a support id', async () => {
    mockApi(signedInRoutes(makeUser()));
    const user = userEvent.setup();
    const view = renderApp({ width: 1440 });
    const nav = await screen.findByTestId('side-nav');
    expect(within(nav).getByRole('link', { name: 'Site Library' })).toHaveAttribute('aria-current', 'page');
    const accessibility = within(nav).getByRole('link', { name: /Accessibility/ });
    expect(accessibility).toHaveAttribute('href', '/accessibility.html');
    expect(accessibility).toHaveAttribute('target', '_blank');
    expect(within(nav).getByText('Map View')).toBeInTheDocument();
    for (const unbuilt of ['Dashboard', 'Citywide Maps']) expect(within(nav).queryByText(unbuilt)).toBeNull();
    await user.click(within(nav).getByRole('link', { name: 'Help' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help & Support' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'page');
    expect(currentQuery().get('currentPage')).toBe('Help');
    view.unmount();

    mockApi(signedInRoutes(makeUser({}, { supportId: 'NW-2231' })));
    renderApp({ url: '/?currentPage=Sites', width: 1440 });
    const withSupport = await screen.findByTestId('side-nav');
    await user.click(within(withSupport).getByRole('link', { name: 'Help & Support' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help & Support' })).toBeInTheDocument();
    expect(screen.getByTestId('support-id')).toHaveTextContent('NW-2231');
    expect(currentQuery().get('currentPage')).toBe('Help');
  });

  it('collapses above 1281 px and saves the choice as appSettings.sideNavExpanded', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    const user = userEvent.setup();
    renderApp({ width: 1440 });
    const nav = await screen.findByTestId('side-nav');
    expect(nav).toHaveAttribute('data-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    await waitFor(() => expect(screen.getByTestId('side-nav')).toHaveAttribute('data-expanded', 'false'));
    await waitFor(() => expect(api.callsTo('POST users/prefs')).toHaveLength(1));
    const save = api.callsTo('POST users/prefs')[0];
    expect(save?.query.get('type')).toBe('appSettings');
    expect(save?.body).toEqual({ sideNavExpanded: false });
    expect(save?.headers['x-csrf-token']).toBe('csrf-test-token');
  });

  it('reads the saved collapsed state back on load', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    api.on('GET users/prefs', (call) => ({ body: { type: call.query.get('type'), value: call.query.get('type') === 'appSettings' ? { sideNavExpanded: false } : null } }));
    renderApp({ width: 1440 });
    await waitFor(() => expect(screen.getByTestId('side-nav')).toHaveAttribute('data-expanded', 'false'));
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toBeInTheDocument();
  });

  it('is a slide-over opened by the menu button at or below 1281 px', async () => {
    mockApi(signedInRoutes(makeUser()));
    const user = userEvent.setup();
    renderApp({ width: 1281 });
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    expect(screen.queryByTestId('side-nav')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Collapse navigation' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByTestId('side-nav');
    await user.click(within(nav).getByRole('link', { name: 'Site Library' }));
    await waitFor(() => expect(screen.queryByTestId('side-nav')).toBeNull());
  });
});

describe('user menu', () => {
  it('offers File Downloads and Logout; Manage Account and Purchase Credits are not there yet', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('user-menu-button'));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'View Custom File Downloads' })).toBeInTheDocument();
    for (const absent of ['Manage Account', 'Purchase Credits', 'Data Site', 'Admin Site', 'Act as customer…']) {
      expect(within(menu).queryByRole('menuitem', { name: absent })).toBeNull();
    }
    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.callsTo('POST auth/logout')).toHaveLength(1);
    expect(window.sessionStorage.getItem('riskatlas.csrfToken')).toBeNull();
  });

  it('shows staff the data and admin site links (unavailable) and Act as customer', async () => {
    const staff = makeUser({ userType: 4, capMode: true, adminMode: true });
    const api = mockApi(signedInRoutes(staff));
    api.on('GET accounts', { body: [{ accountID: 88, company: 'Contoso Retail' }] });
    api.on('POST auth/impersonate', {
      body: makeUser({ userType: 4, capMode: true, adminMode: true, impersonationMode: true, accountID: 88 }, { accountID: 88, company: 'Contoso Retail' }),
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('user-menu-button'));
    for (const name of ['Data Site', 'Admin Site']) {
      expect(screen.getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    await user.hover(screen.getByRole('menuitem', { name: 'Data Site' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Not available in this installation');

    await user.click(screen.getByRole('menuitem', { name: 'Act as customer…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Act as customer' });
    await user.click(await within(dialog).findByRole('button', { name: /Contoso Retail/ }));
    expect(await screen.findByTestId('impersonation-banner')).toHaveTextContent('Acting as Contoso Retail');
    expect(api.callsTo('POST auth/impersonate')[0]?.body).toEqual({ accountId: 88 });
  });

  it('ends impersonation with Stop', async () => {
    const acting = makeUser({ userType: 4, capMode: true, adminMode: true, impersonationMode: true }, { company: 'Contoso Retail' });
    const api = mockApi(signedInRoutes(acting));
    api.on('POST auth/impersonate/end', { body: makeUser({ userType: 4, capMode: true, adminMode: true }, { company: 'RiskAtlas Staff' }) });
    const user = userEvent.setup();
    renderApp();
    const banner = await screen.findByTestId('impersonation-banner');
    expect(banner).toHaveTextContent('Acting as Contoso Retail');
    await user.click(within(banner).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.queryByTestId('impersonation-banner')).toBeNull());
    expect(api.callsTo('POST auth/impersonate/end')).toHaveLength(1);
  });
});

describe('banners', () => {
  it('shows the Account Maintenance alert for a read-only account', async () => {
    mockApi(signedInRoutes(makeUser({ readOnlyMode: true }, { readOnly: true })));
    renderApp();
    const alert = await screen.findByTestId('maintenance-alert');
    expect(alert).toHaveTextContent('Account Maintenance');
    expect(alert).toHaveTextContent('Your account is undergoing maintenance.');
  });

  it('shows the warning banner 2 s after load, and never content starting with #', async () => {
    mockApi(signedInRoutes(makeUser({}, { warningBanner: 'Scheduled maintenance on Saturday from 02:00 UTC.' })));
    const view = renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    await view.clock.advance(1900);
    expect(screen.queryByTestId('warning-banner')).toBeNull();
    await view.clock.advance(100);
    expect(await screen.findByTestId('warning-banner')).toHaveTextContent('Scheduled maintenance on Saturday');
    view.unmount();

    mockApi(signedInRoutes(makeUser({}, { warningBanner: '# Scheduled maintenance' })));
    const hidden = renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    await hidden.clock.advance(5000);
    expect(screen.queryByTestId('warning-banner')).toBeNull();
  });

  it('applies the account theme: dark palette', async () => {
    mockApi(signedInRoutes(makeUser({}, { theme: { palette: 'forest', dark: true } })));
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(18, 18, 18)');
  });
});

describe('accounts without a support id', () => {
  it('still reach the Help page with the data attribution from the footer', async () => {
    mockApi({
      ...signedInRoutes(makeUser({}, makeAccount({ supportId: null }))),
      // The attribution list comes from the server's data pack.
      'GET data/sources': {
        body: [
          { name: 'Police recorded crime', publisher: 'Office for National Statistics', licence: 'Open Government Licence v3.0', attribution: 'Contains public sector information licensed under the Open Government Licence v3.0.' },
          { name: 'GeoNames postal codes', publisher: 'GeoNames', licence: 'CC-BY 4.0', attribution: 'Postal code data © GeoNames (CC-BY 4.0).', url: 'https://www.geonames.org/' },
        ],
      },
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('link', { name: 'Data sources & attribution' }));
    expect(await screen.findByRole('heading', { name: 'Data sources & attribution' })).toBeInTheDocument();
    expect(await screen.findByText('Contains public sector information licensed under the Open Government Licence v3.0.')).toBeInTheDocument();
    expect(screen.getByText('Postal code data © GeoNames (CC-BY 4.0).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GeoNames postal codes' })).toHaveAttribute('href', 'https://www.geonames.org/');
    expect(currentQuery().get('helpTopic')).toBe('attribution');
  });
});
