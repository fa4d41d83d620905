import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Messages } from '@riskatlas/domain';
import { makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes, signedOutRoutes } from '../../../test/mock-api';
import { currentQuery, renderApp } from '../../../test/render-app';

const LOGIN_OK = { body: { csrfToken: 'new-token', userId: 7, accountId: 41, sessionExpiration: 240 } };

describe('Sign In', () => {
  it('shows the server’s plain message for wrong credentials and clears the password', async () => {
    const api = mockApi({ ...signedOutRoutes(), 'POST auth/login': { status: 401, body: { code: 'INVALID_CREDENTIALS', message: Messages.invalidCredentials } } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sign%20In', signedIn: false });
    await user.type(await screen.findByLabelText(/E-mail address/), 'dana@northwind.example');
    await user.type(screen.getByLabelText(/^Password/), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.invalidCredentials);
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(api.callsTo('POST auth/login')[0]?.body).toEqual({ email: 'dana@northwind.example', password: 'wrong password' });
    // Still on Sign In, and a failed sign-in is not treated as an expired session.
    expect(currentQuery().get('currentPage')).toBe('Sign In');
    expect(api.callsTo('POST auth/logout')).toHaveLength(0);
  });

  it('asks for the e-mail and password before sending anything', async () => {
    const api = mockApi(signedOutRoutes());
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sign%20In', signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(api.callsTo('POST auth/login')).toHaveLength(0);
    // A visitor's page load asks the public session check, not users/current (no 401 on the way in).
    expect(api.callsTo('GET users/session').length).toBeGreaterThan(0);
    expect(api.callsTo('GET users/current')).toHaveLength(0);
  });

  it('explains a lock-out and links to the password reset with the e-mail filled in', async () => {
    mockApi({ ...signedOutRoutes(), 'POST auth/login': { status: 429, body: { code: 'ACCOUNT_LOCKED', message: Messages.accountLocked } } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sign%20In', signedIn: false });
    await user.type(await screen.findByLabelText(/E-mail address/), 'dana@northwind.example');
    await user.type(screen.getByLabelText(/^Password/), 'whatever-it-is');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(Messages.accountLocked);
    await user.click(screen.getByRole('link', { name: 'Reset your password' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveValue('dana@northwind.example');
  });

  it('lands on the default page after signing in', async () => {
    const api = mockApi({ ...signedOutRoutes(), 'POST auth/login': LOGIN_OK });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sign%20In', signedIn: false });
    await user.type(await screen.findByLabelText(/E-mail address/), ' dana@northwind.example ');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    for (const [route, handler] of Object.entries(signedInRoutes(makeUser()))) api.on(route, handler);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Site Library' })).toBeInTheDocument();
    expect(currentQuery().get('currentPage')).toBe('Sites');
    expect(api.callsTo('POST auth/login')[0]?.body).toEqual({ email: 'dana@northwind.example', password: 'correct horse battery' });
    // The new token is used for writes.
    expect(window.sessionStorage.getItem('riskatlas.csrfToken')).toBe('new-token');
  });
});

describe('Forgot Password', () => {
  it('prefills the e-mail from the link and confirms without saying whether the account exists', async () => {
    const api = mockApi({ ...signedOutRoutes(), 'POST auth/forgot': { body: { message: Messages.resetRequested } } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Forgot%20Password&email=dana%40northwind.example', signedIn: false });
    expect(await screen.findByLabelText(/E-mail address/)).toHaveValue('dana@northwind.example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(Messages.resetRequested)).toBeInTheDocument();
    expect(api.callsTo('POST auth/forgot')[0]?.body).toEqual({ email: 'dana@northwind.example' });
  });
});

describe('Reset Password', () => {
  const url = '/?currentPage=Reset%20Password&token=0123456789abcdef0123456789abcdef';

  it('requires at least 10 characters and a matching confirmation before sending', async () => {
    const api = mockApi({ ...signedOutRoutes(), 'POST auth/reset': { body: { message: Messages.passwordChanged } } });
    const user = userEvent.setup();
    renderApp({ url, signedIn: false });
    await user.type(await screen.findByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText(Messages.passwordTooShort)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'a much longer one');
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a much longer 1');
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(api.callsTo('POST auth/reset')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a much longer one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(Messages.passwordChanged)).toBeInTheDocument();
    expect(api.callsTo('POST auth/reset')[0]?.body).toEqual({ token: '0123456789abcdef0123456789abcdef', password: 'a much longer one' });
    // The token does not stay in the address bar.
    expect(currentQuery().has('token')).toBe(false);
  });

  it('shows the server’s message for an expired link', async () => {
    mockApi({ ...signedOutRoutes(), 'POST auth/reset': { status: 400, body: { code: 'BAD_REQUEST', message: Messages.resetTokenInvalid } } });
    const user = userEvent.setup();
    renderApp({ url, signedIn: false });
    await user.type(await screen.findByLabelText(/^New password/), 'a much longer one');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a much longer one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.resetTokenInvalid);
  });
});

describe('a session without this tab’s CSRF token', () => {
  it('is signed out cleanly to get a fresh token, remembering the page', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    renderApp({ url: '/?currentPage=File%20Downloads', signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST auth/logout')).toHaveLength(1));
    expect(screen.getByText(/needs to be renewed/)).toBeInTheDocument();
    expect(window.sessionStorage.getItem('riskatlas.returnTo')).toBe('currentPage=File+Downloads');
    expect(api.calls.filter((call) => call.method === 'POST' && call.path !== 'auth/logout')).toHaveLength(0);
  });
});

describe('a session that ends on the server', () => {
  it('goes to Sign In on the next 401', async () => {
    const api = mockApi({ ...signedInRoutes(makeUser()), 'GET users/files': { status: 401, body: { code: 'UNAUTHENTICATED', message: Messages.notAuthenticated } } });
    renderApp({ url: '/?currentPage=File%20Downloads' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText(Messages.sessionExpired)).toBeInTheDocument();
    expect(api.callsTo('POST auth/logout')).toHaveLength(1);
  });
});
