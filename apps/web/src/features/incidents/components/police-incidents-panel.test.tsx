import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IncidentMessages, circleRing, paddedRadiusBbox, type TPoliceIncidentsResponse } from '@riskatlas/domain';
import { mockApi } from '../../../test/mock-api';
import { renderIncidents } from '../testing/render-incidents';
import { PoliceIncidentsPanel } from '../index';

const SITE = { latitude: 51.7356, longitude: 0.4685, countryCode: 'GBR', state: 'ENG' };
const AREA = 'reports/0.4685/51.7356/1.00';
const SOURCE = 'data.police.uk street-level crime (Open Government Licence v3.0)';

function feature(crimeType: string, month: string, count: number, category: 'persons' | 'property' | 'other') {
  return { type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: [0.4685, 51.7356] as [number, number] }, properties: { crime_type: crimeType, month, count, category } };
}

function incidents(fromMonth: string, toMonth: string, features: ReturnType<typeof feature>[]): TPoliceIncidentsResponse {
  return { type: 'FeatureCollection', features, dataAvailable: true, message: null, source: SOURCE, fromMonth, toMonth };
}

function serve() {
  return mockApi({
    'GET reports/policeincidentsrecentmonth': { body: { year: 2020, month: 12 } },
    [`GET ${AREA}/getBbox`]: { body: { bbox: paddedRadiusBbox(0.4685, 51.7356, 1), ring: circleRing(0.4685, 51.7356, 1), radius: 1 } },
    [`GET ${AREA}/policeincidentssummary`]: {
      body: { dataAvailable: true, message: null, source: SOURCE, summary: { Burglary: [{ year: 2017, count: 4 }, { year: 2018, count: 9 }], 'Violence and sexual offences': [{ year: 2018, count: 31 }] } },
    },
    [`GET ${AREA}/2018/YTD/policeincidents`]: { body: incidents('2018-01', '2018-07', [feature('Burglary', '2018-03', 9, 'property'), feature('Violence and sexual offences', '2018-05', 31, 'persons')]) },
    [`GET ${AREA}/2017/year/policeincidents`]: { body: incidents('2017-01', '2017-12', [feature('Burglary', '2017-11', 4, 'property')]) },
  });
}

describe('PoliceIncidentsPanel', () => {
  it('shows the crimes around a site in England: year to date of the latest year, and a table by crime type and year', async () => {
    const api = serve();
    renderIncidents(<PoliceIncidentsPanel site={SITE} />);
    const panel = screen.getByRole('region', { name: 'Police incidents' });
    expect(await within(panel).findByText('40 crimes within 1 miles, 2018-01 to 2018-07.')).toBeInTheDocument();
    const table = within(panel).getByRole('table', { name: 'Crimes by type' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Crime type', '2018', '2017']);
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Burglary94', 'Violence and sexual offences310']);
    expect(panel).toHaveTextContent(`Source: ${SOURCE}`);
    // The map (here its stand-in: jsdom has no WebGL) is framed on the padded box.
    expect(within(panel).getByRole('region', { name: 'Map of police incidents within 1 miles' })).toHaveTextContent('The table below counts the crimes by type.');
    expect(api.callsTo(`GET ${AREA}/2018/YTD/policeincidents`)).toHaveLength(1);
  });

  it('switches to a whole year', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderIncidents(<PoliceIncidentsPanel site={SITE} />);
    await screen.findByText('40 crimes within 1 miles, 2018-01 to 2018-07.');
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: '2017' }));
    expect(await screen.findByText('4 crimes within 1 miles, 2017-01 to 2017-12.')).toBeInTheDocument();
    expect(api.callsTo(`GET ${AREA}/2017/year/policeincidents`)).toHaveLength(1);
  });

  it('says where the police data does not reach', async () => {
    const api = serve();
    api.on(`GET ${AREA}/policeincidentssummary`, { body: { dataAvailable: false, message: IncidentMessages.noData, source: null, summary: {} } });
    api.on(`GET ${AREA}/2020/YTD/policeincidents`, { body: { type: 'FeatureCollection', features: [], dataAvailable: false, message: IncidentMessages.noData, source: null, fromMonth: '2020-01', toMonth: '2020-12' } });
    renderIncidents(<PoliceIncidentsPanel site={SITE} />);
    expect(await screen.findByText('No incident data for this area')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Crimes by type' })).toBeNull();
  });

  it('applies to Great Britain outside Scotland only', async () => {
    const api = serve();
    renderIncidents(<PoliceIncidentsPanel site={{ ...SITE, latitude: 55.95, longitude: -3.19, state: 'SCT' }} />);
    expect(screen.getByText(IncidentMessages.policeOutsideCoverage)).toBeInTheDocument();
    renderIncidents(<PoliceIncidentsPanel site={{ latitude: 40.7, longitude: -74, countryCode: 'USA', state: 'NY' }} />);
    expect(screen.getAllByText(IncidentMessages.policeOutsideCoverage)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.filter((call) => call.path.startsWith('reports/'))).toHaveLength(0);
  });
});
