// `npm run bench`: builds the app if needed, runs every benchmark, prints the figures and writes
// them into docs/PERFORMANCE.md between the markers of each section (with date and machine).
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { repoRoot, type BenchResult } from './lib';
import { runFoundationBenchmarks } from './foundation.bench';

const sections: Array<{ id: string; title: string; run: () => Promise<BenchResult[]> }> = [
  { id: 'foundation', title: 'Foundation', run: runFoundationBenchmarks },
  { id: 'geocode', title: 'Forward geocoding', run: async () => (await import('./geocode.bench')).runGeocodeBenchmarks() },
  { id: 'geo-pack', title: 'Data pack and gazetteer', run: async () => (await import('./geo-pack.bench')).runGeoPackBenchmarks() },
  { id: 'scoring', title: 'Scoring engine', run: async () => (await import('./scoring.bench')).runScoringBenchmarks() },
  { id: 'reports', title: 'Reports and scores', run: async () => (await import('./reports.bench')).runReportsBenchmarks() },
  { id: 'sites', title: 'Site list', run: async () => (await import('./sites.bench')).runSitesBenchmarks() },
  { id: 'batches', title: 'Report batches', run: async () => (await import('./batches.bench')).runBatchesBenchmarks() },
  { id: 'excel', title: 'Excel summaries', run: async () => (await import('./excel.bench')).runExcelBenchmarks() },
  { id: 'sites-web', title: 'Sites page in the browser', run: async () => (await import('./sites-web.bench')).runSitesWebBenchmarks() },
  { id: 'detail-page', title: 'Detail page in the browser', run: async () => (await import('./detail-page.bench')).runDetailPageBenchmarks() },
  { id: 'map-page', title: 'The map with 100,000 sites', run: async () => (await import('./map-page.bench')).runMapPageBenchmarks() },
  { id: 'pdf', title: 'Report PDF', run: async () => (await import('./pdf.bench')).runPdfBenchmarks() },
  { id: 'archive', title: 'Report archive', run: async () => (await import('./archive.bench')).runArchiveBenchmarks() },
  { id: 'import', title: 'Bulk import processing', run: async () => (await import('./import.bench')).runImportBenchmarks() },
];

function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

function table(results: BenchResult[]): string {
  const rows = results.map((r) => `| ${r.name} | ${r.value.toLocaleString('en-US')} ${r.unit} | ${r.baseline ?? ''} | ${r.target ?? ''} |`);
  return ['| measurement | result | compared with | target |', '|---|---|---|---|', ...rows].join('\n');
}

if (!existsSync(join(repoRoot, 'apps/api/dist/main.js')) || !existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}
const only = process.argv.slice(2);
const docPath = join(repoRoot, 'docs/PERFORMANCE.md');
let doc = readFileSync(docPath, 'utf8');
const commit = execSync('git rev-parse --short HEAD', { cwd: repoRoot }).toString().trim();
for (const section of sections) {
  if (only.length > 0 && !only.includes(section.id)) continue;
  console.log(`Running ${section.title}…`);
  const results = await section.run();
  const block = `Measured ${new Date().toISOString().slice(0, 10)} at commit ${commit} on ${machine()}.\n\n${table(results)}`;
  console.log(block);
  const start = `<!-- bench:${section.id}:start -->`;
  const end = `<!-- bench:${section.id}:end -->`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  doc = pattern.test(doc) ? doc.replace(pattern, `${start}\n${block}\n${end}`) : `${doc}\n## ${section.title}\n\n${start}\n${block}\n${end}\n`;
}
writeFileSync(docPath, doc);
console.log(`Updated ${docPath}`);
