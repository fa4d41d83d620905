import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IncidentMessages, type TSecondSourceIncident, type TSiteIncidentsDOMResponse } from '@riskatlas/domain';
import { mockApi } from '../../../test/mock-api';
import { renderIncidents } from '../testing/render-incidents';
import { IncidentDrawer } from '../index';

const DEPARTMENT = { pd: 'sf-2017-07', name: 'San Francisco Police Department incidents, July 2017', city: 'San Francisco', state: 'CA', firstDate: '2017-07-11', lastDate: '2017-07-31', source: 'DataSF' };

function incident(overrides: Partial<TSecondSourceIncident>): TSecondSourceIncident {
  return { id: '1', typeId: 0, dist: 0.12, date: '2017-07-30 14:32', day: 'Sunday', pd: 'SOUTHERN', desc: 'GRAND THEFT FROM LOCKED AUTO', lat: 37.77, lng: -122.4, cat: 'property', ...overrides };
}

function answer(incidents: TSecondSourceIncident[]): TSiteIncidentsDOMResponse {
  return { dataAvailable: true, message: null, departments: [DEPARTMENT], from: '2017-07-02', to: '2017-07-31', incidents };
}

/** The routes the drawer calls; `saved` is the stored incidentsDrawerDOMSize. */
function serve(saved: number | null = null, incidents = answer([incident({}), incident({ id: '2', typeId: 6, cat: 'persons', desc: 'ROBBERY ON THE STREET, STRONGARM', dist: 0.4, date: '2017-07-29 23:05', day: 'Saturday' })])) {
  return mockApi({
    'GET users/prefs': (call) => ({ body: { type: call.query.get('type'), value: saved === null ? null : { incidentsDrawerDOMSize: saved } } }),
    'POST users/prefs': (call) => ({ body: { type: call.query.get('type'), value: call.body } }),
    'GET sites/crimetypesDOM': { body: [] },
    'GET sites/5/incidentsDOM': { body: incidents },
  });
}

describe('IncidentDrawer', () => {
  beforeEach(() => {
    window.innerWidth = 1000;
  });

  it('lists the incidents around the site in their standard types, and closes', async () => {
    serve();
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderIncidents(<IncidentDrawer siteId={5} siteName="Bryant St" open onClose={onClose} />);
    const drawer = screen.getByRole('complementary', { name: 'Crime incidents' });
    expect(within(drawer).getByRole('heading')).toHaveTextContent('Crime incidents: Bryant St');
    const list = await within(drawer).findByRole('list', { name: 'Incidents' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Larceny');
    expect(rows[0]).toHaveTextContent('GRAND THEFT FROM LOCKED AUTO');
    expect(rows[0]).toHaveTextContent('0.12 mi');
    expect(rows[1]).toHaveTextContent('Robbery');
    expect(drawer).toHaveTextContent('2 incidents, 2017-07-02 to 2017-07-31.');
    expect(drawer).toHaveTextContent('San Francisco Police Department incidents, July 2017, 2017-07-11 to 2017-07-31.');
    await user.click(within(drawer).getByRole('button', { name: 'Close the incidents' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('is not shown while closed', () => {
    const api = serve();
    renderIncidents(<IncidentDrawer siteId={5} open={false} onClose={vi.fn()} />);
    expect(screen.queryByRole('complementary', { name: 'Crime incidents' })).toBeNull();
    expect(api.callsTo('GET sites/5/incidentsDOM')).toHaveLength(0);
  });

  it('opens at the saved width, kept within 26.25–45 % of the window', async () => {
    serve(80);
    renderIncidents(<IncidentDrawer siteId={5} open onClose={vi.fn()} />);
    const handle = screen.getByRole('separator', { name: 'Resize the incidents drawer' });
    await waitFor(() => expect(handle).toHaveAttribute('aria-valuenow', '45'));
    expect(screen.getByRole('complementary', { name: 'Crime incidents' })).toHaveStyle({ width: '45vw' });
  });

  it('resizes by dragging its edge and saves the width as the app setting incidentsDrawerDOMSize', async () => {
    const api = serve();
    renderIncidents(<IncidentDrawer siteId={5} open onClose={vi.fn()} />);
    const handle = screen.getByRole('separator', { name: 'Resize the incidents drawer' });
    // Once the saved settings have loaded (none here): the default width.
    await screen.findByRole('list', { name: 'Incidents' });
    expect(handle).toHaveAttribute('aria-valuenow', '36.25');
    fireEvent.pointerDown(handle, { clientX: 637, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 600, pointerId: 1 });
    expect(handle).toHaveAttribute('aria-valuenow', '40');
    expect(api.callsTo('POST users/prefs')).toHaveLength(0);
    fireEvent.pointerUp(handle, { clientX: 600, pointerId: 1 });
    await waitFor(() => expect(api.callsTo('POST users/prefs')).toHaveLength(1));
    const save = api.callsTo('POST users/prefs')[0]!;
    expect(save.query.get('type')).toBe('appSettings');
    expect(save.body).toEqual({ incidentsDrawerDOMSize: 40 });
    await waitFor(() => expect(handle).toHaveAttribute('aria-valuenow', '40'));
    // Dragged past its widest, it stops at 45 %.
    fireEvent.pointerDown(handle, { clientX: 600, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 10, pointerId: 1 });
    await waitFor(() => expect(api.callsTo('POST users/prefs')).toHaveLength(2));
    expect(api.callsTo('POST users/prefs')[1]!.body).toEqual({ incidentsDrawerDOMSize: 45 });
  });

  it('says plainly when no incident data covers the site', async () => {
    serve(null, { dataAvailable: false, message: IncidentMessages.noData, departments: [], from: null, to: null, incidents: [] });
    renderIncidents(<IncidentDrawer siteId={5} open onClose={vi.fn()} />);
    expect(await screen.findByText('No incident data for this area')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Incidents' })).toBeNull();
  });

  it('tells the user when the incidents cannot be loaded', async () => {
    const api = serve();
    api.on('GET sites/5/incidentsDOM', { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong.' } });
    renderIncidents(<IncidentDrawer siteId={5} open onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getAllByText('There was an error retrieving crime incidents.').length).toBeGreaterThanOrEqual(2));
  });

  it('asks for the filters it shows itself: a date shortcut refetches with it', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderIncidents(<IncidentDrawer siteId={5} open onClose={vi.fn()} />);
    await screen.findByRole('list', { name: 'Incidents' });
    const first = api.callsTo('GET sites/5/incidentsDOM')[0]!;
    expect(Object.fromEntries(first.query)).toMatchObject({ minDistance: '0', maxDistance: '0.5', startHour: '0', endHour: '24', dateRange: 'rolling30' });
    await user.click(screen.getByRole('button', { name: 'Latest 3 months' }));
    await waitFor(() => expect(api.callsTo('GET sites/5/incidentsDOM').at(-1)!.query.get('dateRange')).toBe('latest3Months'));
  });

  it('lists the first source as the department publishes it, with the crime types of that source', async () => {
    const api = mockApi({
      'GET users/prefs': (call) => ({ body: { type: call.query.get('type'), value: null } }),
      'GET sites/crimetypes': { body: [{ crimeTypeId: 39, name: 'ROBBERY', color: '#9C27B0', category: 'persons', order: 38, enabled: true }] },
      'GET sites/5/incidents': {
        body: {
          ...answer([]),
          incidents: [{ id: '17900531709029', crimetype: 'ROBBERY', crimeTypeId: 39, street: '800 Block of BRYANT ST', city: 'San Francisco', state: 'CA', zip: null, pd: 'SOUTHERN', incidentdate: '2017-07-11', incidenttime: '14:32', dayofweek: 'Tuesday', description: 'ROBBERY, BODILY FORCE', premise: null, weapon: null, distance: 0, latitude: 37.7754, longitude: -122.4034 }],
        },
      },
    });
    renderIncidents(<IncidentDrawer siteId={5} source="first" open onClose={vi.fn()} />);
    const row = within(await screen.findByRole('list', { name: 'Incidents' })).getByRole('listitem');
    expect(row).toHaveTextContent('ROBBERY');
    expect(row).toHaveTextContent('ROBBERY, BODILY FORCE');
    expect(row).toHaveTextContent('800 Block of BRYANT ST, San Francisco (district SOUTHERN)');
    expect(row).toHaveTextContent('Tuesday 2017-07-11 14:32');
    expect(row).toHaveTextContent('0.00 mi');
    expect(within(screen.getByRole('group', { name: 'Crime types' })).getByRole('checkbox', { name: 'ROBBERY' })).toBeChecked();
    // The first source's distance reaches 6 miles, its drawer 17–43.5 % of the window.
    expect(screen.getByRole('slider', { name: 'Maximum distance' })).toHaveAttribute('aria-valuemax', '6');
    expect(screen.getByRole('separator', { name: 'Resize the incidents drawer' })).toHaveAttribute('aria-valuemax', '43.5');
    expect(api.callsTo('GET sites/5/incidentsDOM')).toHaveLength(0);
  });
});
