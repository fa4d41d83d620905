import { expect, type Page } from '@playwright/test';
import { csrfHeaders } from './session';

/** A US site as the test setup creates it through POST /api/sites (countryCode is added; coordinates given: no geocoding). */
export interface E2eSite {
  siteName: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  latitude: number;
  longitude: number;
  tags?: string;
  notes?: string;
  externalID?: string;
}

/**
 * Creates US sites through the API as the signed-in user and answers their ids; with
 * `reportType`, each gets a report of that type in the current release, and the report ids come
 * back too.
 */
export async function createSitesThroughApi(page: Page, sites: readonly E2eSite[], options: { reportType?: number } = {}): Promise<{ siteIds: number[]; reportIds: number[] }> {
  const headers = await csrfHeaders(page);
  const siteIds: number[] = [];
  const reportIds: number[] = [];
  for (const site of sites) {
    const created = await page.request.post('/api/sites', { data: { ...site, countryCode: 'USA' }, headers });
    expect(created.status(), await created.text()).toBe(200);
    const { siteId } = (await created.json()) as { siteId: number };
    siteIds.push(siteId);
    if (options.reportType === undefined) continue;
    const report = await page.request.post('/api/reports', { data: { reportType: options.reportType, siteId }, headers });
    expect(report.status(), await report.text()).toBe(200);
    reportIds.push(((await report.json()) as { accountProductReportId: number }).accountProductReportId);
  }
  return { siteIds, reportIds };
}
