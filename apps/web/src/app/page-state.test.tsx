import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { mockApi, signedInRoutes, signedOutRoutes } from '../test/mock-api';
import { currentQuery, renderApp } from '../test/render-app';

describe('page state in the URL', () => {
  it('rewrites parameter names and the page name to their canonical spelling on load', async () => {
    mockApi(signedInRoutes(makeUser()));
    renderApp({ url: '/?CURRENTPAGE=file-downloads&SiteId=abc&methodology=3&keep=me' });
    expect(await screen.findByRole('heading', { level: 1, name: 'File Downloads' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe('?currentPage=File+Downloads&methodology=3&keep=me'));
    expect(document.title).toBe('RiskAtlas - File Downloads');
  });

  it('opens the default page (Sites, titled Site Library) for an unknown or unbuilt page', async () => {
    mockApi(signedInRoutes(makeUser()));
    renderApp({ url: '/?currentPage=Dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Site Library' })).toBeInTheDocument();
    expect(await screen.findByText('Your site library is empty')).toBeInTheDocument();
    await waitFor(() => expect(currentQuery().get('currentPage')).toBe('Sites'));
    expect(document.title).toBe('RiskAtlas - Site Library');
  });

  it('navigates with history entries, so back and forward work', async () => {
    mockApi(signedInRoutes(makeUser()));
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Sites' });
    await user.click(await screen.findByTestId('user-menu-button'));
    await user.click(screen.getByRole('menuitem', { name: 'View Custom File Downloads' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'File Downloads' })).toBeInTheDocument();
    expect(currentQuery().get('currentPage')).toBe('File Downloads');

    act(() => window.history.back());
    expect(await screen.findByRole('heading', { level: 1, name: 'Site Library' })).toBeInTheDocument();
    act(() => window.history.forward());
    expect(await screen.findByRole('heading', { level: 1, name: 'File Downloads' })).toBeInTheDocument();
  });

  it('sends a visitor without a session to Sign In and back to the page they asked for after signing in', async () => {
    const api = mockApi(signedOutRoutes());
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=File%20Downloads', signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentQuery().get('currentPage')).toBe('Sign In');
    expect(document.title).toBe('RiskAtlas - Sign In');

    for (const [route, handler] of Object.entries(signedInRoutes(makeUser()))) api.on(route, handler);
    api.on('POST auth/login', { body: { csrfToken: 'fresh-token', userId: 7, accountId: 41, sessionExpiration: 240 } });
    await user.type(screen.getByLabelText(/E-mail address/), 'dana@northwind.example');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'File Downloads' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('riskatlas.csrfToken')).toBe('fresh-token');
  });
});
