import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeCreateReport } from '../../create-report';
import type { Handler } from '../../../test/mock-api';
import { currentQuery, renderApp } from '../../../test/render-app';
import { mapSite, mockMapApi } from '../testing/map-sites';

const LOOP_AT = { latitude: 41.8847, longitude: -87.6325 };
const LOOP = mapSite(1, 'Chicago Loop', LOOP_AT, { street: '100 W Randolph St', city: 'Chicago', state: 'IL', zipCode: '60601', s: { '2': 345 }, l: { r: 2025, p: 0, f: 1 } });
const TWIN = mapSite(2, 'Loop Annex', LOOP_AT);
const DENVER = mapSite(3, 'Denver Yard', { latitude: 39.7392, longitude: -104.9903 }, { city: 'Denver', state: 'CO' });

const REVERSE: Handler = (call) => {
  const [, , lat, lng] = call.path.split('/');
  return { body: { name: 'Chicago', street: '', city: 'Chicago', state: 'IL', zipCode: '60601', countryCode: 'USA', countryId: 1, countryDisplay: 'United States', county: 'Cook', latitude: Number(lat), longitude: Number(lng), distanceMeters: 10 } };
};

function open(url = '/?currentPage=Map', sites = [LOOP, TWIN, DENVER], routes: Record<string, Handler> = {}) {
  const api = mockMapApi(sites, routes);
  const user = userEvent.setup();
  const view = renderApp({ url, width: 1400 });
  return { api, user, view };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  closeCreateReport();
});

describe('Map page', () => {
  it('is in the side navigation as Map View and selects a site with its summary and report link', async () => {
    const { user } = open('/?currentPage=Map', [LOOP, DENVER]);
    const nav = await screen.findByTestId('side-nav', {}, { timeout: 15_000 });
    expect(within(nav).getByRole('link', { name: 'Map View' })).toHaveAttribute('aria-current', 'page');
    const list = await screen.findByRole('list', { name: 'Sites on the map' }, { timeout: 15_000 });
    await user.click(within(list).getByRole('button', { name: 'Denver Yard' }));
    const summary = await screen.findByRole('region', { name: 'Selected site' });
    expect(summary).toHaveTextContent('Denver Yard');
    expect(summary).toHaveTextContent('No report for this release.');
    expect(currentQuery().get('siteId')).toBe('3');

    await user.click(within(list).getByRole('button', { name: 'Chicago Loop' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Selected site' })).toHaveTextContent('100 W Randolph St, Chicago, IL 60601, United States'));
    expect(screen.getByRole('region', { name: 'Selected site' })).toHaveTextContent('Composite: 345 — 200–399, Medium');
    const link = screen.getByRole('link', { name: 'Open report' });
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('currentPage')).toBe('Detail');
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('siteId')).toBe('1');
  });

  it('opens the crime incidents of the selected site beside the map, with their filters in the layers panel', async () => {
    const incidents = {
      dataAvailable: true,
      message: null,
      departments: [{ pd: 'chicago-2025', name: 'Chicago Police Department incidents', city: 'Chicago', state: 'IL', firstDate: '2025-05-22', lastDate: '2025-05-24', source: 'City of Chicago' }],
      from: '2025-04-25',
      to: '2025-05-24',
      incidents: [{ id: '9', typeId: 6, dist: 0.2, date: '2025-05-23 21:10', day: 'Friday', pd: '001', desc: 'ARMED: HANDGUN', lat: 41.885, lng: -87.633, cat: 'persons' }],
    };
    const { user, api } = open('/?currentPage=Map&siteId=1', [LOOP, DENVER], { 'GET sites/crimetypesDOM': { body: [] }, 'GET sites/1/incidentsDOM': { body: incidents } });
    await user.click(await screen.findByRole('button', { name: 'Incidents' }));
    const drawer = await screen.findByRole('complementary', { name: 'Crime incidents' });
    expect(await within(drawer).findByText(/ARMED: HANDGUN/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Layers' }));
    expect(within(screen.getByRole('complementary', { name: 'Map layers' })).getByText(/distance/i)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide incidents' }));
    expect(screen.queryByRole('complementary', { name: 'Crime incidents' })).not.toBeInTheDocument();
    expect(api.callsTo('GET sites/1/incidentsDOM')).toHaveLength(1);
  });

  it('shows the incidents under the map at full width on a phone, without the resize handle', async () => {
    const answer = { dataAvailable: false, message: 'No incident data for this area', departments: [], from: null, to: null, incidents: [] };
    mockMapApi([LOOP, DENVER], { 'GET sites/crimetypesDOM': { body: [] }, 'GET sites/3/incidentsDOM': { body: answer } });
    const user = userEvent.setup();
    renderApp({ url: '/?currentPage=Map&siteId=3', width: 390 });
    await user.click(await screen.findByRole('button', { name: 'Incidents' }, { timeout: 15_000 }));
    const drawer = await screen.findByRole('complementary', { name: 'Crime incidents' });
    expect(await within(drawer).findByText('No incident data for this area')).toBeInTheDocument();
    expect(within(drawer).queryByRole('separator', { name: 'Resize the incidents drawer' })).not.toBeInTheDocument();
  });

  it('cycles the site style through heat/contour only when the report has a heat map', async () => {
    const { user } = open('/?currentPage=Map&siteId=1');
    const style = await screen.findByRole('button', { name: 'Site style: Standard (change)' });
    await user.click(style);
    await user.click(screen.getByRole('button', { name: 'Site style: Heat / contour (change)' }));
    await user.click(screen.getByRole('button', { name: 'Site style: None (change)' }));
    expect(screen.getByRole('button', { name: 'Site style: Standard (change)' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('list', { name: 'Sites on the map' })).getByRole('button', { name: 'Denver Yard' }));
    await user.click(await screen.findByRole('button', { name: 'Site style: Standard (change)' }));
    expect(screen.getByRole('button', { name: 'Site style: None (change)' })).toBeInTheDocument();
  });

  it('lists the map layers, one heat surface at a time, the report heat map only for a site that has one', async () => {
    const layers = [
      { mapLayerID: 1, mapLayerGroupID: 1, layerName: 'County boundaries', layerType: 'line', enabled: true, exclusivityGroup: null },
      { mapLayerID: 3, mapLayerGroupID: 2, layerName: 'City labels', layerType: 'label', enabled: true, exclusivityGroup: null },
      { mapLayerID: 4, mapLayerGroupID: 3, layerName: 'Report heat map', layerType: 'heat', enabled: false, exclusivityGroup: 1 },
      { mapLayerID: 6, mapLayerGroupID: 4, layerName: 'Drive-time rings', layerType: 'fill', enabled: false, exclusivityGroup: null },
    ];
    const { user } = open('/?currentPage=Map', [LOOP, DENVER], { 'GET map/layers': { body: layers } });
    await user.click(await screen.findByRole('button', { name: 'Layers' }, { timeout: 15_000 }));
    const panel = await screen.findByRole('complementary', { name: 'Map layers' });
    expect(await within(panel).findByRole('switch', { name: 'County boundaries' })).toBeChecked();
    expect(within(panel).getByRole('switch', { name: 'Report heat map' })).toBeDisabled();
    expect(panel).toHaveTextContent('Select a site whose report has the heat map.');
    expect(within(panel).getByRole('switch', { name: 'Drive-time rings' })).toBeDisabled();
    await user.click(within(panel).getByRole('switch', { name: 'City labels' }));
    expect(within(panel).getByRole('switch', { name: 'City labels' })).not.toBeChecked();

    await user.click(within(screen.getByRole('list', { name: 'Sites on the map' })).getByRole('button', { name: 'Chicago Loop' }));
    const heat = within(panel).getByRole('switch', { name: 'Report heat map' });
    await waitFor(() => expect(heat).toBeEnabled());
    await user.click(heat);
    expect(screen.getByRole('button', { name: 'Site style: Heat / contour (change)' })).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Drive-time rings' })).toBeEnabled();
  });

  it('asks which site was meant where sites overlap', async () => {
    const { user } = open();
    const list = await screen.findByRole('list', { name: 'Sites on the map' }, { timeout: 15_000 });
    await user.click(within(list).getByRole('button', { name: 'Chicago Loop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a site' });
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual([expect.stringContaining('Chicago Loop'), expect.stringContaining('Loop Annex'), 'Cancel']);
    await user.click(within(dialog).getByRole('button', { name: /Loop Annex/ }));
    await waitFor(() => expect(currentQuery().get('siteId')).toBe('2'));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Selected site' })).toHaveTextContent('Loop Annex'));
  });

  it('searches sites by name and refuses coordinates that are not a location', async () => {
    const { user } = open();
    const search = await screen.findByRole('combobox', { name: 'Search sites, places or coordinates' });
    await user.type(search, '91, 10');
    expect(await screen.findByText(/Coordinates must be a latitude from -90 to 90/)).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'denv');
    await user.click(await screen.findByRole('option', { name: 'Denver Yard' }));
    await waitFor(() => expect(currentQuery().get('siteId')).toBe('3'));
  });

  it('drops a pin at typed coordinates, offers the sites already there, and creates a report at the pin', async () => {
    const { user, api } = open('/?currentPage=Map', [LOOP, TWIN, DENVER], {
      'POST sites/atlocation/0': { body: [{ ...LOOP, distance: 3.2 }] },
      'GET sites/reverse/41.8848/-87.6326': REVERSE,
      'GET sites/reverse/41.8848000/-87.6326000': REVERSE,
    });
    const search = await screen.findByRole('combobox', { name: 'Search sites, places or coordinates' });
    await user.type(search, '41.8848, -87.6326{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Sites at this location' });
    expect(dialog).toHaveTextContent('Did you mean one of these sites?');
    expect(api.callsTo('POST sites/atlocation/0')[0]!.body).toEqual({ latitude: 41.8848, longitude: -87.6326, radius: 101 });
    await user.click(within(dialog).getByRole('button', { name: 'No, keep the pin' }));

    const panel = await screen.findByRole('region', { name: 'Dropped pin' });
    expect(panel).toHaveTextContent('41.8848, -87.6326');
    await waitFor(() => expect(panel).toHaveTextContent('Chicago, IL 60601, United States'));
    const create = within(panel).getByRole('button', { name: 'Create report here' });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    expect(await screen.findByRole('dialog', { name: /Create a report/ })).toBeInTheDocument();
  });

  it('says why the location could not be determined', async () => {
    const codes = [1, 2, 3];
    const getCurrentPosition = vi.fn((_found: PositionCallback, failed: PositionErrorCallback, _options?: PositionOptions) => failed({ code: codes.shift()! } as GeolocationPositionError));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { user } = open();
    const locate = await screen.findByRole('button', { name: 'My location' });
    await user.click(locate);
    expect(await screen.findByText('You declined to permit your location to be determined.')).toBeInTheDocument();
    await user.click(locate);
    expect(await screen.findByText('Your location could not be determined. Please try again.')).toBeInTheDocument();
    await user.click(locate);
    expect(await screen.findByText('It took too long to determine your location. Please try again.')).toBeInTheDocument();
    expect(getCurrentPosition.mock.calls[0]![2]).toMatchObject({ timeout: 10_000 });
  });

  it('clears the selected site when the country changes, and keeps the country as a setting', async () => {
    const { user, api } = open('/?currentPage=Map&siteId=1');
    await screen.findByRole('region', { name: 'Selected site' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Country' }));
    await user.click(await screen.findByRole('option', { name: 'Canada' }));
    await waitFor(() => expect(currentQuery().get('countryId')).toBe('2'));
    expect(currentQuery().get('siteId')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Selected site' })).toBeNull();
    await waitFor(() => expect(api.callsTo('POST users/prefs').map((call) => call.body)).toContainEqual({ countryId: 2 }));
  });
});
