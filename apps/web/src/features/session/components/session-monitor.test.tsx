import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Messages, type TSessionInfo } from '@riskatlas/domain';
import { makeSession, makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { currentQuery, renderApp } from '../../../test/render-app';

const MINUTE = 60_000;

/** The app signed in, with GET users/session answering from a script (the last answer repeats). */
function startWithSessions(answers: (Partial<TSessionInfo> | { status: 500 })[], account: Parameters<typeof makeUser>[1] = {}) {
  const api = mockApi(signedInRoutes(makeUser({}, account)));
  api.on('GET users/session', () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next && 'status' in next && next.status === 500) return { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong.' } };
    return { body: makeSession(next as Partial<TSessionInfo>) };
  });
  return api;
}

describe('session checks', () => {
  it('checks on load, again on the schedule, and signs out when 10 minutes or fewer remain', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    const view = renderApp({ url: '/?currentPage=File%20Downloads' });
    const expiresAt = view.clock.now() + 15 * MINUTE;
    api.on('GET users/session', () => ({ body: makeSession({ sessionExpiration: (expiresAt - view.clock.now()) / MINUTE }) }));
    await screen.findByRole('heading', { level: 1, name: 'File Downloads' });
    await waitFor(() => expect(api.callsTo('GET users/session').length).toBeGreaterThan(0));
    const onLoad = api.callsTo('GET users/session').length;
    expect(api.callsTo('GET users/session')[0]?.query.get('uid')).toBe('7');

    // 15 minutes left: rechecked every 3 minutes (≤ 60 left) …
    await act(() => view.clock.advance(3 * MINUTE - 1000));
    expect(api.callsTo('GET users/session')).toHaveLength(onLoad);
    await act(() => view.clock.advance(1000));
    expect(api.callsTo('GET users/session')).toHaveLength(onLoad + 1);
    expect(screen.getByRole('heading', { level: 1, name: 'File Downloads' })).toBeInTheDocument();

    // … but never later than the moment 10 remain (12 left: in 2 minutes), which signs out.
    await act(() => view.clock.advance(2 * MINUTE));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(Messages.sessionExpired)).toBeInTheDocument();
    expect(api.callsTo('POST auth/logout')).toHaveLength(1);
    expect(window.sessionStorage.getItem('riskatlas.csrfToken')).toBeNull();
  });

  it('opens Session Disabled, without navigation or user widget, when the status is -1', async () => {
    const api = startWithSessions([{ status: -1, sessionExpiration: 100 }]);
    renderApp();
    expect(await screen.findByRole('heading', { level: 1, name: 'Session Disabled' })).toBeInTheDocument();
    expect(screen.getByText(Messages.sessionDisabled)).toBeInTheDocument();
    expect(currentQuery().get('currentPage')).toBe('Session Disabled');
    expect(document.title).toBe('RiskAtlas - Session Disabled');
    expect(screen.queryByTestId('side-nav')).toBeNull();
    expect(screen.queryByTestId('user-menu-button')).toBeNull();
    expect(screen.queryByTestId('notifications-button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Data sources & attribution' })).toBeNull();
    expect(api.callsTo('POST auth/logout')).toHaveLength(0);
  });

  it('signs out with a notice when the check fails', async () => {
    const api = startWithSessions([{ status: 500 }]);
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(/session could not be checked/)).toBeInTheDocument();
    expect(api.callsTo('POST auth/logout')).toHaveLength(1);
  });

  it('signs out when the account goes under maintenance or its read-only flag changes', async () => {
    startWithSessions([{ sessionExpiration: 200, accountReadOnly: true }]);
    const view = renderApp();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(/access has changed/)).toBeInTheDocument();
    view.unmount();

    // The account goes under maintenance 100 minutes after the start. The answer follows the clock,
    // not the order of the calls: the load check may be made twice (React's development mode runs
    // effects twice), and a scripted second answer would sign out before the page had shown.
    // No inactivity time-out: the user is idle for the two hours the test moves the clock.
    const api = mockApi(signedInRoutes(makeUser({}, { inactivityTimeout: 0 })));
    const second = renderApp();
    const start = second.clock.now();
    api.on('GET users/session', () => ({
      body: makeSession(second.clock.now() - start < 100 * MINUTE ? { sessionExpiration: 200, inactivityTimeout: 0 } : { sessionExpiration: 85, inactivityTimeout: 0, accountUnderMaintenance: true }),
    }));
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    // 200 minutes left: once the load check's answer is handled, the next check is set 115 minutes on.
    await waitFor(() => expect(second.clock.hasTimerIn(115 * MINUTE)).toBe(true));
    await act(() => second.clock.advance(115 * MINUTE - 1000));
    expect(screen.getByRole('heading', { level: 1, name: 'Site Library' })).toBeInTheDocument();
    expect(api.callsTo('POST auth/logout')).toHaveLength(0);
    await act(() => second.clock.advance(1000));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(/Account Maintenance/)).toBeInTheDocument();
  });
});

describe('impersonation', () => {
  it('restarts the session rules for the account acted in, so its read-only flag is not taken for a change', async () => {
    const staff = makeUser({ userType: 4, capMode: true, adminMode: true });
    const customer = makeUser({ userType: 4, capMode: true, adminMode: true, impersonationMode: true, accountID: 88 }, { accountID: 88, company: 'Contoso Retail', readOnly: true });
    const api = mockApi(signedInRoutes(staff));
    let acting = staff;
    api.on('GET users/current', () => ({ body: acting }));
    api.on('GET users/session', () => ({ body: makeSession({ sessionExpiration: 100, accountReadOnly: acting.account.readOnly }) }));
    api.on('GET accounts', { body: [{ accountID: 88, company: 'Contoso Retail' }] });
    api.on('POST auth/impersonate', () => {
      acting = customer;
      return { body: customer };
    });
    const user = userEvent.setup();
    const view = renderApp();
    await user.click(await screen.findByTestId('user-menu-button'));
    await user.click(screen.getByRole('menuitem', { name: 'Act as customer…' }));
    await user.click(await screen.findByRole('button', { name: /Contoso Retail/ }));
    expect(await screen.findByTestId('impersonation-banner')).toHaveTextContent('Acting as Contoso Retail');

    // 100 minutes left: the next check is 10 minutes on.
    const checks = api.callsTo('GET users/session').length;
    await act(() => view.clock.advance(10 * MINUTE));
    await waitFor(() => expect(api.callsTo('GET users/session').length).toBeGreaterThan(checks));
    expect(screen.getByTestId('impersonation-banner')).toBeInTheDocument();
    expect(api.callsTo('POST auth/logout')).toHaveLength(0);
  });
});

describe('inactivity', () => {
  it('warns 60 s before the time-out with a countdown; Extend keeps the session and resets the idle clock', async () => {
    const api = startWithSessions([{ sessionExpiration: 240 }], { inactivityTimeout: 2 });
    const user = userEvent.setup();
    const view = renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });

    await act(() => view.clock.advance(59_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => view.clock.advance(1000));
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' });
    expect(dialog).toHaveTextContent(Messages.sessionWillExpire);
    expect(within(dialog).getByTestId('inactivity-countdown')).toHaveTextContent('1:00');

    // Moving the mouse does not silently dismiss the warning.
    fireEvent.mouseMove(document.body);
    await act(() => view.clock.advance(25_000));
    expect(within(dialog).getByTestId('inactivity-countdown')).toHaveTextContent('0:35');

    const keepalivesBefore = api.callsTo('POST auth/keepalive').length;
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST auth/keepalive')).toHaveLength(keepalivesBefore + 1);
    expect(api.callsTo('POST auth/keepalive').at(-1)?.headers['x-csrf-token']).toBe('csrf-test-token');

    // The idle clock starts again from Extend.
    await act(() => view.clock.advance(59_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => view.clock.advance(1000));
    expect(await screen.findByRole('dialog', { name: 'Are you still there?' })).toBeInTheDocument();
  });

  it('signs out at the time-out, and activity before the warning postpones it', async () => {
    const api = startWithSessions([{ sessionExpiration: 240 }], { inactivityTimeout: 2 });
    const view = renderApp({ url: '/?currentPage=File%20Downloads' });
    await screen.findByRole('heading', { level: 1, name: 'File Downloads' });

    await act(() => view.clock.advance(50_000));
    fireEvent.keyDown(document.body, { key: 'a' });
    await act(() => view.clock.advance(50_000));
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(() => view.clock.advance(10_000));
    expect(await screen.findByRole('dialog', { name: 'Are you still there?' })).toBeInTheDocument();
    await act(() => view.clock.advance(60_000));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(/signed out because of inactivity/)).toBeInTheDocument();
    expect(api.callsTo('POST auth/logout')).toHaveLength(1);
    // Signing in again returns to the page the user was on.
    expect(window.sessionStorage.getItem('riskatlas.returnTo')).toBe('currentPage=File+Downloads');
  });
});

describe('other tabs of the app', () => {
  /** Another tab's end of the app's session channel. */
  function otherTab() {
    const channel = new BroadcastChannel('riskatlas.session');
    const heard: unknown[] = [];
    channel.addEventListener('message', (event: MessageEvent<unknown>) => heard.push(event.data));
    return { heard, say: (message: unknown) => channel.postMessage(message), close: () => channel.close() };
  }

  it('follows another tab that signs out, to Sign In with the same notice, without signing out again', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    const other = otherTab();
    try {
      other.say({ type: 'signedOut', reason: 'inactivity' });
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.getByText(/signed out because of inactivity/)).toBeInTheDocument();
      expect(api.callsTo('POST auth/logout')).toHaveLength(0);
    } finally {
      other.close();
    }
  });

  it('tells the other tabs when it signs out', async () => {
    mockApi(signedInRoutes(makeUser()));
    const other = otherTab();
    try {
      const user = userEvent.setup();
      renderApp();
      await user.click(await screen.findByTestId('user-menu-button'));
      await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Logout' }));
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      await waitFor(() => expect(other.heard).toEqual([{ type: 'signedOut', reason: 'userRequest' }]));
    } finally {
      other.close();
    }
  });

  it('signs out with the maintenance notice when the account is found under maintenance', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    api.on('GET users/current', { status: 403, body: { code: 'ACCOUNT_MAINTENANCE', message: Messages.accountUnderMaintenance } });
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(Messages.accountUnderMaintenance))).toBeInTheDocument();
  });

  /** Another tab of the app reports the user's activity at `at` (as a localStorage change is seen). */
  const activeElsewhere = (at: number) => window.dispatchEvent(new StorageEvent('storage', { key: 'riskatlas.lastActivity', newValue: String(at) }));

  it('does not warn or sign out while the user works in another tab, and leaves its activity for the others', async () => {
    const api = startWithSessions([{ sessionExpiration: 240 }], { inactivityTimeout: 2 });
    const view = renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Site Library' });
    await act(() => view.clock.advance(50_000));
    act(() => activeElsewhere(view.clock.now()));
    await act(() => view.clock.advance(50_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => view.clock.advance(10_000));
    expect(await screen.findByRole('dialog', { name: 'Are you still there?' })).toBeInTheDocument();
    // Working (or pressing Extend) in another tab while the warning shows here dismisses it.
    await act(() => view.clock.advance(5000));
    act(() => activeElsewhere(view.clock.now()));
    await act(() => view.clock.advance(1000));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => view.clock.advance(50_000));
    expect(screen.getByRole('heading', { level: 1, name: 'Site Library' })).toBeInTheDocument();
    expect(api.callsTo('POST auth/logout')).toHaveLength(0);

    fireEvent.keyDown(document.body, { key: 'a' });
    expect(window.localStorage.getItem('riskatlas.lastActivity')).toBe(String(view.clock.now()));
  });
});
