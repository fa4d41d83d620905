// Renders every page of a demo report's PDF to docs/screenshots/pdf-page-N.png for review: a
// Premium Plus report with demographics and points of interest at Willis Tower, Chicago, made
// through the real API on a fresh embedded database. Run: npx tsx apps/api/test/pdf-screenshots.ts
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ProductId, type TReport } from '@riskatlas/domain';
import { createTestContext, createTestUser } from './context';
import { pdfPageCount, renderPdfPage } from './pdf-reader';
import { CHICAGO, grant, postReport } from './report-fixtures';
import { waitForTask } from '../src/features/sites/sites-test-fixtures';

const outDir = resolve(process.argv[2] ?? join(import.meta.dirname, '../../../docs/screenshots'));
const ctx = await createTestContext('pglite');
try {
  const user = await createTestUser(ctx, { userType: 3, account: { company: 'Northwind Properties', allowCrimeRiskFeature: true } });
  await grant(ctx, user.account.id, { [ProductId.PremiumPlus]: 1, [ProductId.DemographicsAddOnPremium]: 1, [ProductId.ProximityAddOn]: 1 });
  const created = await postReport(user, { reportType: 6, siteName: 'Willis Tower', street: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zipCode: '60606', addOnProducts: [105], ...CHICAGO });
  if (created.statusCode !== 200) throw new Error(created.body);
  const report = created.json() as TReport;
  const started = await user.request({ method: 'POST', url: '/api/reports/addProximity', payload: { accountProductReportIds: [report.accountProductReportId] } });
  await waitForTask(user, started.json().taskStatusId);
  const download = await user.request({ method: 'GET', url: `/api/reports/${report.accountProductReportId}/pdf` });
  if (download.statusCode !== 200) throw new Error(download.body);
  const pdf = download.rawPayload;
  mkdirSync(outDir, { recursive: true });
  for (const old of readdirSync(outDir).filter((name) => /^pdf-page-\d+\.png$/.test(name))) rmSync(join(outDir, old));
  const pages = await pdfPageCount(pdf);
  for (let page = 1; page <= pages; page += 1) writeFileSync(join(outDir, `pdf-page-${page}.png`), await renderPdfPage(pdf, page, 1.5));
  console.log(`${pages} pages written to ${outDir}`);
} finally {
  await ctx.close();
}
