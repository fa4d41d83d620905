// Many report PDFs in one process, as the report archive makes them (bench/pdf.bench.ts starts
// it): N Premium Plus reports on N distinct store sites of a few cities (bench/report-portfolio.ts),
// then every report's PDF with the archive's default sections (233223), in the archive's order
// through the service (not HTTP): pdfsInOrder, which overlaps one PDF's writing with the next one's
// reads and map encoding (concurrency 1 is reportPdf then pdfBuffer, one after another). Prints one
// JSON line: the average ms per PDF, the RSS after the first PDF (base map, fonts and data loaded)
// and after the last, and the bytes.
// Usage: node --expose-gc --import tsx bench/pdf-many-run.ts <count> [concurrency]
import { createTestContext, createTestUser } from '../apps/api/test/context';
import { pdfsInOrder } from '../apps/api/src/features/documents/pdf/pdfs-in-order';
import { authOfUser, premiumPlusPortfolio } from './report-portfolio';

const count = Number(process.argv[2] ?? 200);
const concurrency = Number(process.argv[3] ?? 2);
const gc = () => (globalThis as { gc?: () => void }).gc?.();

const ctx = await createTestContext('pglite');
try {
  const user = await createTestUser(ctx, { userType: 3, account: { allowCrimeRiskFeature: true } });
  const s0 = performance.now();
  const ids = await premiumPlusPortfolio(ctx, user, count);
  if (!ids) throw new Error('../shared/data/portfolios is not present');
  const seedMs = performance.now() - s0;
  const auth = await authOfUser(ctx, user);
  const deps = { ...ctx.deps, db: ctx.deps.database.db };
  const pdfs = (ids: readonly number[]) => pdfsInOrder(deps, auth, ids.map((id) => ({ id, sections: 233223 })), { concurrency });
  // The first PDF loads what every process loads once (base map, fonts, place labels): not counted.
  for await (const outcome of pdfs(ids.slice(0, 1))) if (!outcome.ok) throw outcome.error;
  gc();
  const rssFirst = process.memoryUsage.rss();
  let bytes = 0;
  let peak = rssFirst;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for await (const outcome of pdfs(ids)) {
    if (!outcome.ok) throw outcome.error;
    bytes += outcome.buffer.length;
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  gc();
  console.log(JSON.stringify({ count: ids.length, concurrency, seedMs, msPerPdf: ms / ids.length, cpuMsPerPdf: (cpu.user + cpu.system) / 1000 / ids.length, rssFirst, rssLast: process.memoryUsage.rss(), peak, bytesPerPdf: bytes / ids.length }));
} finally {
  await ctx.close();
}
