import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COOKIE_ACK_UNTIL } from '@riskatlas/domain';
import { makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes, signedOutRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

describe('cookie banner', () => {
  it('shows on the sign-in page until acknowledged, and the acknowledgement holds in this browser', async () => {
    const api = mockApi(signedOutRoutes());
    const user = userEvent.setup();
    const view = renderApp({ url: '/?currentPage=Sign%20In', signedIn: false });
    const banner = await screen.findByTestId('cookie-banner');
    await user.click(within(banner).getByRole('button', { name: 'Acknowledge' }));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    expect(window.localStorage.getItem('riskatlas.cookieConsent')).toBe(COOKIE_ACK_UNTIL);
    expect(api.callsTo('POST users/prefs')).toHaveLength(0);
    view.unmount();

    renderApp({ url: '/?currentPage=Sign%20In', signedIn: false });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
  });

  it('saves the acknowledgement with the signed-in user', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    const user = userEvent.setup();
    renderApp();
    const banner = await screen.findByTestId('cookie-banner');
    await user.click(within(banner).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(api.callsTo('POST users/prefs')).toHaveLength(1));
    const save = api.callsTo('POST users/prefs')[0];
    expect(save?.query.get('type')).toBe('cookieConsent');
    expect(save?.body).toEqual({ acknowledgedUntil: COOKIE_ACK_UNTIL });
  });

  it('stays hidden for a user who acknowledged it in another browser', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    api.on('GET users/prefs', (call) => ({
      body: { type: call.query.get('type'), value: call.query.get('type') === 'cookieConsent' ? { acknowledgedUntil: COOKIE_ACK_UNTIL } : null },
    }));
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    await waitFor(() => expect(api.calls.some((call) => call.query.get('type') === 'cookieConsent')).toBe(true));
    expect(screen.queryByTestId('cookie-banner')).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem('riskatlas.cookieConsent')).toBe(COOKIE_ACK_UNTIL));
  });
});
