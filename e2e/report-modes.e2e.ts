import { expect, test, type Locator, type Page } from '@playwright/test';
import { mapPixels } from './support/map-pixels';
import { acknowledgeCookies, signIn } from './support/session';

/**
 * The report modes of the Detail page beyond scores (proximity, demographics, crime rate
 * comparison, UK police incidents) and the Map page's incident drawer, driven as a person uses
 * them on the real built product and its committed data.
 */

/** Sites where the committed data has something to show: Chicago's Loop, the City of London, Chelmsford (Essex), and Denver (no incident data). */
const CHICAGO = { siteName: 'Canal Street Office', street: '225 S Canal St', city: 'Chicago', state: 'IL', zipCode: '60606', latitude: 41.8786, longitude: -87.6397, countryCode: 'USA' };
const LONDON = { siteName: 'Wood Street Branch', street: '100 Wood St', city: 'London', state: 'ENG', zipCode: 'EC2V 7AN', latitude: 51.5155, longitude: -0.0922, countryCode: 'GBR' };
const ESSEX = { siteName: 'Chelmsford Branch', street: 'High St', city: 'Chelmsford', state: 'ENG', zipCode: 'CM1 1BE', latitude: 51.7356, longitude: 0.469, countryCode: 'GBR' };
const DENVER = { siteName: 'Denver Yard', street: '1437 Bannock St', city: 'Denver', state: 'CO', zipCode: '80202', latitude: 39.7392, longitude: -104.9903, countryCode: 'USA' };

/** The Demographics add-on product of Premium reports. */
const DEMOGRAPHICS_ADD_ON_PREMIUM = 105;

async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('riskatlas.csrfToken'));
  expect(token).toBeTruthy();
  const response = await page.request.post(`/api/${path}`, { data, headers: { 'X-CSRF-Token': token! } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/**
 * Adds a site; a repeat or retry of a test names it apart, since an account's site names are
 * unique and the account outlives one attempt.
 */
async function addSite(page: Page, site: { siteName: string } & Record<string, unknown>): Promise<{ siteId: number; siteName: string }> {
  const { repeatEachIndex, retry } = test.info();
  const siteName = repeatEachIndex === 0 && retry === 0 ? site.siteName : `${site.siteName} ${repeatEachIndex}.${retry}`;
  const { siteId } = await post<{ siteId: number }>(page, 'sites?ignoreDuplicates=true', { ...site, siteName });
  return { siteId, siteName };
}

async function openDetail(page: Page, siteId: number, name: string): Promise<void> {
  await page.goto(`/?currentPage=Detail&siteId=${siteId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The map once MapLibre has drawn what it was given. */
async function idle(map: Locator): Promise<Locator> {
  await expect(map).toHaveAttribute('data-idle', 'true', { timeout: 30_000 });
  return map;
}

/** Picks an option of a MUI select by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a Chicago report with add-ons: proximity lists points of interest in miles, demographics shows sections, crime rates compare actual and expected', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'reportModes');
  await acknowledgeCookies(page);
  const { siteId, siteName } = await addSite(page, CHICAGO);
  await post(page, 'reports', { siteId, reportType: 1, addOnProducts: [DEMOGRAPHICS_ADD_ON_PREMIUM] });
  await openDetail(page, siteId, siteName);

  const modes = page.getByRole('tablist', { name: 'Report mode' });
  await expect(modes.getByRole('tab')).toHaveText(['Scores', 'Proximity', 'Demographics', 'Crime Rate Comparison']);
  const report = page.getByTestId('detail-report');

  // Proximity is not bought with the report: the tab offers to add it, and the job's answer fills it.
  await modes.getByRole('tab', { name: 'Proximity' }).click();
  await expect(page).toHaveURL(/reportMode=1/);
  await expect(report.getByText('This report has no points of interest')).toBeVisible();
  await report.getByRole('button', { name: 'Add proximity' }).click();
  await expect(page.getByText('Points of interest were added to 1 report.')).toBeVisible({ timeout: 30_000 });
  await expect(report.getByRole('heading', { name: /^Points of interest within [\d.]+ mi$/ })).toBeVisible();
  const transit = report.getByRole('list', { name: "CTA 'L' stations" });
  await expect(transit.getByRole('listitem').first()).toBeVisible();
  expect(await transit.getByRole('listitem').count()).toBeGreaterThan(3);
  const distances = (await transit.getByRole('listitem').allInnerTexts()).map((text) => Number(/([\d.]+) mi/.exec(text)?.[1]));
  expect(distances.every((distance) => Number.isFinite(distance))).toBe(true);
  expect(distances).toEqual([...distances].sort((a, b) => a - b));
  await expect(report.getByRole('list', { name: 'Police stations' }).getByRole('listitem').first()).toContainText(/[\d.]+ mi/);
  const proximityMap = await idle(report.getByRole('region', { name: new RegExp(`^Map of ${siteName} and \\d+ points of interest$`) }));
  expect((await mapPixels(page, proximityMap)).colours).toBeGreaterThan(50);

  // The Map page's layers panel switches the selected site's points of interest on and off.
  await page.goto(`/?currentPage=Map&siteId=${siteId}`);
  await page.getByRole('toolbar', { name: 'Map options' }).getByRole('button', { name: 'Layers' }).click();
  const pointsOfInterest = page.getByRole('region', { name: 'Points of interest' });
  await expect(pointsOfInterest.getByText(`Within 3.00 mi of ${siteName}`)).toBeVisible();
  const hospitals = pointsOfInterest.getByRole('checkbox', { name: /^Hospitals \(\d+\)$/ });
  await expect(hospitals).toBeChecked();
  await hospitals.uncheck();
  await expect(hospitals).not.toBeChecked();
  await openDetail(page, siteId, siteName);

  // Demographics: the county's sections, each with its values and units.
  await modes.getByRole('tab', { name: 'Demographics' }).click();
  await expect(report.getByRole('heading', { name: 'Demographics of Cook County, Illinois' })).toBeVisible();
  await expect(report.getByRole('heading', { name: 'Race and ethnicity' })).toBeVisible();
  await expect(report.getByRole('heading', { name: 'Income and poverty' })).toBeVisible();
  await expect(report.getByRole('table', { name: 'Income and poverty' })).toContainText('$59,426');
  await expect(report.getByText(/^Sources: .+\.$/)).toBeVisible();

  // Crime rate comparison: per methodology, each crime type's actual and expected rate.
  await modes.getByRole('tab', { name: 'Crime Rate Comparison' }).click();
  await expect(report.getByRole('heading', { name: /^Crime rate comparison, release \d{4}$/ })).toBeVisible();
  const rates = report.getByRole('table', { name: /^Crime rates, / });
  await expect(rates).toHaveCount(2);
  const first = rates.first();
  await expect(first.getByRole('columnheader')).toHaveText(['Crime type', 'Actual', 'Expected', 'Comparison']);
  await expect(first.getByRole('row')).toHaveCount(11);
  const totals = first.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Total/ }) });
  const [actual, expected] = (await totals.first().getByRole('cell').allInnerTexts()).map((text) => Number(text.replace(/[,*]/g, '')));
  expect(actual).toBeGreaterThan(500);
  expect(expected).toBeGreaterThan(0);
  await expect(report.getByText(/^Actual: Cook County, \d{4}\./).first()).toBeVisible();
});

test('a City of London report: police incidents on a drawn map with crimes by type; radius and period change what it counts', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'policeMap');
  await acknowledgeCookies(page);
  const london = await addSite(page, LONDON);
  await post(page, 'reports', { siteId: london.siteId, reportType: 0 });
  await openDetail(page, london.siteId, london.siteName);

  // Crime rate comparison is for US sites only: a UK report does not offer it (proximity is offered to add).
  const modes = page.getByRole('tablist', { name: 'Report mode' });
  await expect(modes.getByRole('tab')).toHaveText(['Scores', 'Proximity', 'Police Incidents']);
  await modes.getByRole('tab', { name: 'Police Incidents' }).click();
  await expect(page).toHaveURL(/reportMode=4/);

  const panel = page.getByRole('region', { name: 'Police incidents' });
  const map = await idle(panel.getByRole('region', { name: 'Map of police incidents within 1 miles' }));
  const counted = panel.getByText(/^\d+ crimes within 1 miles, 2020-01 to 2020-12\.$/);
  await expect(counted).toBeVisible();
  const oneMile = Number((await counted.innerText()).split(' ')[0]);
  expect(oneMile).toBeGreaterThan(100);
  const byType = panel.getByRole('table', { name: 'Crimes by type' });
  await expect(byType.getByRole('columnheader')).toHaveText(['Crime type', '2020']);
  expect(await byType.getByRole('row').count()).toBeGreaterThan(5);
  await expect(byType.getByRole('rowheader', { name: 'Theft from the person' })).toBeVisible();
  await expect(panel.getByText(/^Source: data\.police\.uk street-level crime/)).toBeVisible();
  const pixels = await mapPixels(page, map);
  expect(pixels.colours).toBeGreaterThan(50);
  await map.screenshot({ path: test.info().outputPath('police-map-london.png') });

  // The City's data covers all of 2020: the year to date and the year 2020 both reach December.
  await expect(panel.getByRole('combobox', { name: 'Period' })).toHaveText('Year to date (2020)');
  await choose(page, panel, 'Period', '2020');
  await expect(panel.getByRole('combobox', { name: 'Period' })).toHaveText('2020');
  await expect(panel.getByText(`${oneMile} crimes within 1 miles, 2020-01 to 2020-12.`)).toBeVisible();

  // A smaller radius counts fewer crimes, on the map and in the table.
  const before = await byType.innerText();
  await choose(page, panel, 'Radius', '0.25 mi');
  const quarter = panel.getByText(/^\d+ crimes within 0.25 miles, 2020-01 to 2020-12\.$/);
  await expect(quarter).toBeVisible();
  expect(Number((await quarter.innerText()).split(' ')[0])).toBeLessThan(oneMile);
  await expect(byType).not.toHaveText(before);
  await idle(panel.getByRole('region', { name: 'Map of police incidents within 0.25 miles' }));

  // Essex published January to July 2018: the year to date stops in July, the whole year runs to December.
  const essexSite = await addSite(page, ESSEX);
  await post(page, 'reports', { siteId: essexSite.siteId, reportType: 0 });
  await openDetail(page, essexSite.siteId, essexSite.siteName);
  await page.getByRole('tablist', { name: 'Report mode' }).getByRole('tab', { name: 'Police Incidents' }).click();
  const essex = page.getByRole('region', { name: 'Police incidents' });
  await expect(essex.getByRole('combobox', { name: 'Period' })).toHaveText('Year to date (2018)');
  await expect(essex.getByText(/^\d+ crimes within 1 miles, 2018-01 to 2018-07\.$/)).toBeVisible();
  await choose(page, essex, 'Period', '2018');
  await expect(essex.getByText(/^\d+ crimes within 1 miles, 2018-01 to 2018-12\.$/)).toBeVisible();
});

test('the Map page: Incidents lists the crimes around a Chicago site, the distance filter changes the list, elsewhere there is no data', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'mapIncidents');
  await acknowledgeCookies(page);
  const chicago = await addSite(page, CHICAGO);
  const denver = await addSite(page, DENVER);

  await page.goto(`/?currentPage=Map&siteId=${chicago.siteId}`);
  await expect(page.getByRole('region', { name: 'Selected site' })).toContainText(chicago.siteName);
  await page.getByRole('button', { name: 'Incidents' }).click();
  const drawer = page.getByRole('complementary', { name: 'Crime incidents' });
  await expect(drawer.getByRole('heading', { name: `Crime incidents: ${chicago.siteName}` })).toBeVisible();
  const summary = drawer.getByText(/^\d+ incidents?, \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/);
  await expect(summary).toBeVisible();
  const near = Number((await summary.innerText()).split(' ')[0]);
  expect(near).toBeGreaterThan(0);
  await expect(drawer.getByText(/Chicago Police Department incidents, May 2025/)).toBeVisible();

  // Widening the distance in the Layers panel to its 3-mile maximum lists more incidents.
  await page.getByRole('button', { name: 'Layers' }).click();
  const layers = page.getByRole('complementary', { name: 'Map layers' });
  const maximum = layers.getByRole('slider', { name: 'Maximum distance' });
  await maximum.focus();
  await page.keyboard.press('End');
  await expect(layers.getByText('Distance: 0 mi to 3 mi')).toBeVisible();
  await expect(summary).not.toHaveText(new RegExp(`^${near} incident`));
  const wide = Number((await summary.innerText()).split(' ')[0]);
  expect(wide).toBeGreaterThan(near);

  // A site outside every incident area says so.
  await page.goto(`/?currentPage=Map&siteId=${denver.siteId}`);
  await expect(page.getByRole('region', { name: 'Selected site' })).toContainText(denver.siteName);
  await page.getByRole('button', { name: 'Incidents' }).click();
  await expect(page.getByRole('complementary', { name: 'Crime incidents' }).getByText('No incident data for this area')).toBeVisible();
});
