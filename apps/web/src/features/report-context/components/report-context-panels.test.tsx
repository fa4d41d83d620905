import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TCrimeRateComparison, TReportDemographics, TReportProximity } from '@riskatlas/domain';
import { makeTask, makeUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { announceTaskFinished, onTaskStarted } from '../../../lib/task-events';
import { makeReport } from '../../../test/make-report';
import { makeSite as siteFixture } from '../../../test/make-site';
import { renderPanel } from '../testing/render-panel';

/** Willis Tower, Chicago. */
const makeSite = () => siteFixture({ siteName: 'Willis Tower', latitude: 41.8789, longitude: -87.6359, city: 'Chicago' });
import { CrimeRateComparisonPanel, DemographicsPanel, ProximityPanel } from '../index';

const LAYERS = [
  { proximityLayerID: 1, enabled: true, icon: 'local_hospital', name: 'Hospitals', classification: 'Health', sortOrder: 1 },
  { proximityLayerID: 4, enabled: true, icon: 'train', name: "CTA 'L' stations", classification: 'Transit', sortOrder: 4 },
];

function proximity(countryID: number): TReportProximity {
  return {
    accountProductReportId: 900,
    siteId: 1,
    countryID,
    radiusMeters: 4828,
    layers: [
      {
        ...LAYERS[0]!,
        pointsOfInterest: [
          { name: 'Northwestern Memorial Hospital', distance: 2414, category: 'General Acute Care', address: '251 E Huron St, Chicago, IL 60611', icon: 'local_hospital', latitude: 41.895, longitude: -87.621 },
        ],
      },
      {
        ...LAYERS[1]!,
        pointsOfInterest: [
          { name: 'Quincy/Wells (Brown, Orange, Pink & Purple Lines)', distance: 161, category: 'Brown, Purple, Pink, Orange Line', address: '', icon: 'train', latitude: 41.8787, longitude: -87.6338 },
          { name: 'Clinton (Blue Line)', distance: 805, category: 'Blue Line', address: '', icon: 'train', latitude: 41.8756, longitude: -87.6411 },
        ],
      },
    ],
  };
}

describe('ProximityPanel', () => {
  it('lists the points by layer, nearest first, in miles, and puts them on the map', async () => {
    mockApi({ 'GET reports/900/proximity': { body: proximity(1) } });
    renderPanel(<ProximityPanel site={makeSite()} report={makeReport({ hasProximity: true, features: 8 })} />);
    const transit = await screen.findByRole('list', { name: "CTA 'L' stations" });
    const items = within(transit).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Quincy\/Wells.*0\.10 mi$/),
      expect.stringMatching(/^Clinton \(Blue Line\).*0\.50 mi$/),
    ]);
    expect(screen.getByRole('heading', { name: /Hospitals \(1\)/ })).toBeInTheDocument();
    expect(screen.getByText('General Acute Care · 251 E Huron St, Chicago, IL 60611')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Points of interest within 3.00 mi' })).toBeInTheDocument();
    expect(screen.getByLabelText('Map of Willis Tower and 3 points of interest')).toBeInTheDocument();
  });

  it('shows kilometres for the metric-display country', async () => {
    mockApi({ 'GET reports/900/proximity': { body: proximity(2) } });
    renderPanel(<ProximityPanel site={makeSite()} report={makeReport({ countryID: 2, hasProximity: true, features: 8 })} />);
    expect(await screen.findByText('0.16 km')).toBeInTheDocument();
    expect(screen.getByText('2.41 km')).toBeInTheDocument();
  });

  it('offers to add proximity to a report without it, follows the job and says when it is done', async () => {
    const api = mockApi({
      'GET reports/proximity': { body: LAYERS },
      'POST reports/addProximity': { body: { taskStatusId: 77, count: 1 } },
    });
    const started: number[] = [];
    const stop = onTaskStarted((id) => started.push(id));
    const user = userEvent.setup();
    renderPanel(<ProximityPanel site={makeSite()} report={makeReport()} />);
    expect(await screen.findByText(/lists the hospitals, cta 'l' stations near the site/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add proximity' }));
    await waitFor(() => expect(started).toEqual([77]));
    stop();
    expect(api.callsTo('POST reports/addProximity')[0]!.body).toEqual({ accountProductReportIds: [900] });
    announceTaskFinished(makeTask({ taskStatusId: 77, currentStatus: 2, detail: 'Points of interest were added to 1 report.' }));
    expect(await screen.findByText('Points of interest were added to 1 report.')).toBeInTheDocument();
  });

  it('hides the action from read-only users', async () => {
    mockApi({ 'GET reports/proximity': { body: LAYERS } });
    renderPanel(<ProximityPanel site={makeSite()} report={makeReport()} />, makeUser({ readOnlyMode: true }));
    expect(await screen.findByText(/Ask an administrator to add it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add proximity' })).toBeNull();
  });
});

const DEMOGRAPHICS: TReportDemographics = {
  accountProductReportId: 900,
  countyFips: '17031',
  countyName: 'Cook County, Illinois',
  demographics: { TotalPop: 5238541, Income: 59426, IncomeErr: 380, Poverty: 15.9, Hispanic: 25.1 },
  demographicNames: [
    { dataName: 'TotalPop', displayName: 'Total population', visible: true, unit: 'people', demographicSectionID: 1, source: 'ACS 2013–2017' },
    { dataName: 'Hispanic', displayName: 'Hispanic', visible: true, unit: '%', demographicSectionID: 2, source: 'ACS 2013–2017' },
    { dataName: 'Income', displayName: 'Median household income', visible: true, unit: '$', demographicSectionID: 5, source: 'ACS 2013–2017' },
    { dataName: 'IncomeErr', displayName: 'Median household income, margin of error', visible: false, unit: '$', demographicSectionID: 5, source: 'ACS 2013–2017' },
    { dataName: 'Poverty', displayName: 'Below the poverty level', visible: true, unit: '%', demographicSectionID: 5, source: 'ACS 2013–2017' },
  ],
  demographicSections: [
    { demographicSectionID: 1, parentID: null, sectionName: 'Population' },
    { demographicSectionID: 2, parentID: 1, sectionName: 'Race and ethnicity' },
    { demographicSectionID: 5, parentID: null, sectionName: 'Income and poverty' },
  ],
};

describe('DemographicsPanel', () => {
  it('shows the sections as a tree with values and units, margins of error on request', async () => {
    const api = mockApi({ 'GET reports/900/all/demographics': { body: DEMOGRAPHICS } });
    const user = userEvent.setup();
    renderPanel(<DemographicsPanel site={makeSite()} report={makeReport({ hasDemographics: true, features: 4 })} />);
    expect(await screen.findByRole('heading', { name: 'Demographics of Cook County, Illinois' })).toBeInTheDocument();
    const population = screen.getByRole('region', { name: 'Population' });
    expect(within(population).getByRole('rowheader', { name: 'Total population' }).nextSibling).toHaveTextContent('5,238,541 people');
    // The subsection sits inside its parent.
    expect(within(population).getByRole('heading', { name: 'Race and ethnicity' })).toBeInTheDocument();
    expect(within(population).getByRole('cell', { name: '25.1%' })).toBeInTheDocument();
    const income = screen.getByRole('table', { name: 'Income and poverty' });
    expect(within(income).getByRole('cell', { name: '$59,426' })).toBeInTheDocument();
    expect(within(income).queryByText('Median household income, margin of error')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Show margins of error' }));
    expect(within(income).getByRole('cell', { name: '$380' })).toBeInTheDocument();
    expect(api.callsTo('GET reports/900/all/demographics')).toHaveLength(1);
  });

  it('says so when the report has no Demographics add-on, without asking the server', () => {
    const api = mockApi({});
    renderPanel(<DemographicsPanel site={makeSite()} report={makeReport()} />);
    expect(screen.getByText('This report has no demographics')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

const RATES: TCrimeRateComparison = {
  siteId: 1,
  accountProductReportId: 900,
  releaseYear: 2026,
  methodologies: [
    {
      methodologyType: 2,
      methodologyName: 'Composite',
      areaName: 'Cook County',
      year: 2025,
      rates: [
        { crimeType: 'robbery', name: 'Robbery', actual: 250.4, reported: true, expected: 500.8 },
        { crimeType: 'total', name: 'Total Crime', actual: 3000, reported: false, expected: 1500 },
      ],
    },
  ],
};

describe('CrimeRateComparisonPanel', () => {
  it('shows actual against expected rates per methodology as a table with bars', async () => {
    const api = mockApi({ 'GET reports/1/crcfData': { body: RATES } });
    renderPanel(<CrimeRateComparisonPanel site={makeSite()} report={makeReport({ hasCrimeRateComparison: true })} />);
    const table = await screen.findByRole('table', { name: 'Crime rates, Composite' });
    const robbery = within(table).getByRole('rowheader', { name: 'Robbery' }).closest('tr')!;
    expect(within(robbery).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 2)).toEqual(['250.4', '500.8']);
    const total = within(table).getByRole('rowheader', { name: 'Total Crime' }).closest('tr')!;
    expect(within(total).getAllByRole('cell')[0]).toHaveTextContent('3,000.0*');
    expect(screen.getByText('* Not reported for 2025: carried from the nearest reported years.')).toBeInTheDocument();
    const bars = within(total).getAllByTestId('rate-bar');
    expect(bars.map((bar) => getComputedStyle(bar).width)).toEqual(['100%', '50%']);
    expect(api.callsTo('GET reports/1/crcfData')[0]!.query.get('reportId')).toBe('900');
  });

  it('shows the error toast when the rates cannot be retrieved', async () => {
    mockApi({ 'GET reports/1/crcfData': { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong.' } } });
    renderPanel(<CrimeRateComparisonPanel site={makeSite()} report={makeReport({ hasCrimeRateComparison: true })} />);
    // The toast and the panel's own error with its Retry.
    await waitFor(() => expect(screen.getAllByText('There was an error retrieving crime rate data.')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('explains when the comparison does not apply to the report', () => {
    mockApi({});
    renderPanel(<CrimeRateComparisonPanel site={makeSite()} report={makeReport()} />);
    expect(screen.getByText('No crime rate comparison')).toBeInTheDocument();
  });
});
