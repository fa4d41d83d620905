import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { signedInRoutes } from '../../../test/mock-api';
import { currentQuery, renderApp } from '../../../test/render-app';
import { makeSite } from '../testing/make-site';
import { mockSitesApi } from '../testing/serve-sites';

const SITES = [makeSite({ siteId: 11, siteName: 'Alpha' }), makeSite({ siteId: 12, siteName: 'Bravo' }), makeSite({ siteId: 13, siteName: 'Charlie' })];

describe("the library opened from a batch ('see sites')", () => {
  it("selects the batch's sites and drops the parameter", async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    api.on('GET reports/batch/status', {
      body: [
        {
          batchId: 2,
          userId: 1,
          submittedBy: 'Avery Admin',
          createdDate: '2026-02-20T10:00:00.000Z',
          completedDate: '2026-02-20T10:05:00.000Z',
          reportsTotal: 3,
          reportsCompleted: 3,
          failed: false,
          detail: null,
          taskStatusId: 70,
          summary: { releaseYear: 2025, countryCode: 'USA', reportType: 0 },
          batchReports: [
            { accountProductReportId: 501, siteId: 11 },
            { accountProductReportId: 502, siteId: 13 },
            { accountProductReportId: 503, siteId: 13 },
          ],
        },
      ],
    });
    renderApp({ url: '/?currentPage=Sites&batchId=2' });
    expect(await screen.findByText('The 2 sites of the batch are selected.')).toBeInTheDocument();
    expect(api.callsTo('GET reports/batch/status')[0]?.query.get('batchProcessId')).toBe('2');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select Alpha' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Select Charlie' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Bravo' })).not.toBeChecked();
    // Dropped, so a reload does not select them again.
    expect(currentQuery().get('batchId')).toBeNull();
  });

  it('says so when the batch cannot be read', async () => {
    const api = mockSitesApi({ ...signedInRoutes(makeUser()) }, SITES);
    api.on('GET reports/batch/status', { status: 404, body: { code: 'NOT_FOUND', message: 'The batch was not found.' } });
    renderApp({ url: '/?currentPage=Sites&batchId=9' });
    expect(await screen.findByText('The batch was not found.')).toBeInTheDocument();
    expect(currentQuery().get('batchId')).toBeNull();
  });
});
