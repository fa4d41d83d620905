import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { mockApi, signedInRoutes } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

describe('Help page attribution', () => {
  it("shows every source of the server's data pack with its publisher, licence and attribution", async () => {
    const api = mockApi({
      ...signedInRoutes(makeUser({}, { supportId: 'NW-1' })),
      'GET data/sources': {
        body: [
          { name: 'Crime Severity Index', publisher: 'Statistics Canada', licence: 'Statistics Canada Open Licence', attribution: 'Adapted from Statistics Canada.', usedBy: ['scoring'] },
          { name: 'US states and counties', publisher: 'US Census Bureau', licence: 'Public domain', attribution: 'Source: U.S. Census Bureau.', url: 'https://www.census.gov/', usedBy: ['gazetteer', 'scoring'] },
        ],
      },
    });
    renderApp({ url: '/?currentPage=Help&helpTopic=attribution' });
    const table = await screen.findByRole('table', { name: 'Data sources' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Crime Severity IndexStatistics Canada');
    expect(rows[0]).toHaveTextContent('Statistics Canada Open Licence');
    expect(rows[0]).toHaveTextContent('Crime-risk scores');
    expect(rows[1]).toHaveTextContent('Geocoding, place search and boundaries; Crime-risk scores');
    expect(within(rows[1]!).getByRole('link', { name: 'US states and counties' })).toHaveAttribute('href', 'https://www.census.gov/');
    expect(api.callsTo('GET data/sources')[0]?.query.get('v')).toBeTruthy();
  });

  it('says so when the list cannot be loaded', async () => {
    mockApi({
      ...signedInRoutes(makeUser({}, { supportId: 'NW-1' })),
      'GET data/sources': { status: 500, body: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a few moments.' } },
    });
    renderApp({ url: '/?currentPage=Help' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The data sources could not be loaded.');
  });
});
