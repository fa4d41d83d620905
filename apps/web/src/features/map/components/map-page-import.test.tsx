import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AtlasMapProps, MapView } from '../../../components/map';
import { endImportResolution, startImportResolution, type ImportResolution } from '../../../lib/import-resolution';
import { renderApp } from '../../../test/render-app';
import { mapSite, mockMapApi } from '../testing/map-sites';

// jsdom draws no map: a stand-in shows the view the page hands the map, which is what this file checks.
vi.mock('../../../components/map/lazy-maps', () => ({
  AtlasMap: (props: AtlasMapProps) => <div data-testid="map-view" data-view={JSON.stringify(props.view)} />,
  PinMap: () => null,
}));

const NEWPORT_WALES = { latitude: 51.58774, longitude: -2.99835 };
const NEWPORT_IOW = { latitude: 50.70146, longitude: -1.29124 };
const BOISE = mapSite(7, 'Boise Depot', { latitude: 43.6166, longitude: -116.2008 });
const CHICAGO = mapSite(8, 'Loop Store', { latitude: 41.8847, longitude: -87.6325 });

function resolution(more: Partial<ImportResolution>): ImportResolution {
  return { queuedSiteId: 3, rowNumber: 6, siteName: 'Newport Shop', address: 'Newport, GBR', candidates: [], matches: [], resolve: vi.fn(async () => undefined), ...more };
}

async function shownView(): Promise<MapView> {
  const map = await screen.findByTestId('map-view', {}, { timeout: 15_000 });
  return JSON.parse(map.getAttribute('data-view')!) as MapView;
}

afterEach(() => endImportResolution());

describe('Map page resolving an import row', () => {
  it("opens framed on the row's numbered candidates beside the panel, not on the saved country, and stays there once the sites load", async () => {
    startImportResolution(
      resolution({
        candidates: [
          { index: 0, label: 'Newport, Wales, NP10', ...NEWPORT_WALES },
          { index: 1, label: 'Newport, England, PO30', ...NEWPORT_IOW },
        ],
      }),
    );
    const api = mockMapApi([BOISE, CHICAGO], { 'GET users/prefs': (call) => ({ body: { type: call.query.get('type'), value: call.query.get('type') === 'appSettings' ? { countryId: 1, methodology: 2 } : null } }) });
    renderApp({ url: '/?currentPage=Map&countryId=1', width: 1400 });
    expect(await screen.findByRole('region', { name: 'Import row' }, { timeout: 15_000 })).toHaveTextContent('Newport Shop');
    // The saved settings and the sites load after the first view: the framing must survive them.
    await waitFor(() => expect(api.callsTo('GET m/sites').length + api.callsTo('GET users/prefs').length).toBeGreaterThan(1));
    const view = await shownView();
    expect(view).toEqual({ bounds: [NEWPORT_WALES.longitude, NEWPORT_IOW.latitude, NEWPORT_IOW.longitude, NEWPORT_WALES.latitude], maxZoom: 13, padding: { top: 50, right: 50, bottom: 50, left: 402 } });
  });

  it('frames the matching sites for a row that matches existing sites, and selects none of them', async () => {
    startImportResolution(
      resolution({
        siteName: 'Boise Depot',
        matches: [
          { siteId: 7, siteName: 'Boise Depot', address: '150 N Capitol Blvd, Boise', latitude: BOISE.latitude, longitude: BOISE.longitude },
          { siteId: 8, siteName: 'Loop Store', address: '100 W Randolph St, Chicago', latitude: CHICAGO.latitude, longitude: CHICAGO.longitude },
        ],
      }),
    );
    const api = mockMapApi([BOISE, CHICAGO]);
    renderApp({ url: '/?currentPage=Map', width: 1400 });
    await screen.findByRole('region', { name: 'Import row' }, { timeout: 15_000 });
    await waitFor(() => expect(api.callsTo('GET m/sites')).not.toHaveLength(0));
    await waitFor(async () => expect(await shownView()).toMatchObject({ bounds: [BOISE.longitude, CHICAGO.latitude, CHICAGO.longitude, BOISE.latitude] }));
    expect(screen.queryByRole('region', { name: 'Selected site' })).not.toBeInTheDocument();
  });

  it('keeps the candidates above the bottom sheet on a phone', async () => {
    startImportResolution(resolution({ candidates: [{ index: 0, label: 'Newport, Wales, NP10', ...NEWPORT_WALES }] }));
    mockMapApi([BOISE]);
    renderApp({ url: '/?currentPage=Map', width: 390 });
    await screen.findByRole('region', { name: 'Import row' }, { timeout: 15_000 });
    const view = await shownView();
    expect(view).toMatchObject({ bounds: [NEWPORT_WALES.longitude, NEWPORT_WALES.latitude, NEWPORT_WALES.longitude, NEWPORT_WALES.latitude], maxZoom: 13 });
    const padding = 'bounds' in view ? view.padding! : null;
    expect(padding!.bottom).toBeGreaterThan(padding!.top + 150);
  });
});
