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

  it('says a page of the product that is not built yet is not available, in its canonical spelling, with a way back to the Site Library', async () => {
    const api = mockApi(signedInRoutes(makeUser()));
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard is not available yet' })).toBeInTheDocument();
    await waitFor(() => expect(currentQuery().get('currentPage')).toBe('Dashboard'));
    expect(document.title).toBe('RiskAtlas - Dashboard');
    expect(screen.getByTestId('side-nav')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Site Library' })).toBeNull();
    expect(api.callsTo('GET m/sites')).toHaveLength(0);

    await user.click(screen.getByRole('link', { name: 'Go to the Site Library' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Site Library' })).toBeInTheDocument();
    expect(currentQuery().get('currentPage')).toBe('Sites');
  });

  it('says an unknown page does not exist, naming it, and keeps the address as given', async () => {
    mockApi(signedInRoutes(makeUser()));
    renderApp({ url: '/?currentPage=nonsense' });
    expect(await screen.findByRole('heading', { level: 1, name: 'This page does not exist' })).toBeInTheDocument();
    expect(screen.getByText('RiskAtlas has no page called “nonsense”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Site Library' })).toHaveAttribute('href', '/?currentPage=Sites');
    expect(document.title).toBe('RiskAtlas - Page Not Found');
    expect(currentQuery().get('currentPage')).toBe('nonsense');
  });

  it('keeps the fallbacks to the default page: no page named, and a report page without a report', async () => {
    mockApi(signedInRoutes(makeUser()));
    const view = renderApp({ url: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Site Library' })).toBeInTheDocument();
    view.unmount();

    mockApi(signedInRoutes(makeUser()));
    const second = renderApp({ url: '/?currentPage=View%20Report' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Site Library' })).toBeInTheDocument();
    await waitFor(() => expect(currentQuery().get('currentPage')).toBe('Sites'));
    second.unmount();

    mockApi(signedInRoutes(makeUser()));
    renderApp({ url: '/?currentPage=View%20Report&reportId=12' });
    expect(await screen.findByRole('heading', { level: 1, name: 'View Report is not available yet' })).toBeInTheDocument();
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
