// The map with 100,000 sites in the browser: the Map page, and the Site Library's map panel, which
// draws the same AtlasMap component. The built server holding
// bench/sites-web.bench.ts's synthetic portfolio (embedded PGlite), Debian's headless Chromium with
// the end-to-end flags (software WebGL through SwiftShader), 1440 × 900. Measured in the page with
// performance.now():
// - navigation to the Map page → the map idle with the sites drawn (data-idle: MapLibre idle after
//   the clusters of the view, computed in a Web Worker, are on screen);
// - the same for the Sites page with its map panel open (a saved setting);
// - the Map button → the map idle: the map alone, its code loaded and the site list in memory;
// - frames while panning (a mouse drag) and zooming (wheel steps): the time between animation
//   frames, median and 95th percentile over the gesture.
import { rmSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { BenchResult } from './lib';
import { inBrowser, seededDataDir } from './sites-web.bench';

const RUNS = 5;
const N = (100_000).toLocaleString('en-US');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const spread = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms over ${values.length} runs`;

const MAP = '[data-testid="atlas-map"]';

/** Navigation → the map reports itself idle with its data drawn (ms from the navigation's start). */
async function timedFirstIdle(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction((selector) => (document.querySelector(selector)?.getAttribute('data-idle') === 'true' ? performance.now() : false), MAP, { polling: 'raf', timeout: 60_000 });
  return (await handle.jsonValue()) as number;
}

/**
 * Starts recording the time between animation frames. A string, not a function: tsx adds name
 * helpers to compiled functions that the page lacks.
 */
const RECORD_FRAMES = `
  window.benchFrames = [];
  // A new recording stops the loop of the previous one (its last frame may still be scheduled).
  const recording = (window.benchRecording = {});
  let last = performance.now();
  const tick = (now) => {
    if (window.benchRecording !== recording) return;
    window.benchFrames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
`;

/** Records the time between animation frames while `gesture` runs, until the map is idle again. */
async function frameTimes(page: Page, gesture: () => Promise<void>): Promise<number[]> {
  await page.evaluate(RECORD_FRAMES);
  await gesture();
  await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('data-idle') === 'true', MAP, { timeout: 30_000 });
  return page.evaluate(() => {
    const state = window as unknown as { benchFrames: number[]; benchRecording: object | null };
    state.benchRecording = null;
    // The first interval spans the gap before recording started.
    return state.benchFrames.slice(1);
  });
}

async function pan(page: Page): Promise<void> {
  const box = (await page.locator(MAP).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 30; step += 1) await page.mouse.move(x - step * 8, y - step * 4);
  await page.mouse.up();
}

async function zoom(page: Page, direction: 1 | -1): Promise<void> {
  const box = (await page.locator(MAP).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let step = 0; step < 5; step += 1) {
    await page.mouse.wheel(0, -120 * direction);
    await page.waitForTimeout(60);
  }
}

async function measure(page: Page, base: string): Promise<BenchResult[]> {
  // Open the panel once: the setting is saved, so every navigation below opens with the map.
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await page.waitForFunction((selector) => document.querySelector(selector)?.getAttribute('data-idle') === 'true', MAP, { timeout: 60_000 });
  const url = `${base}/?currentPage=Sites`;
  const idle: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    idle.push(await timedFirstIdle(page, url));
    await page.waitForTimeout(1_500);
  }
  // The map alone: the Map button closes and opens the panel; its code is loaded, the site list is in memory.
  const opened: number[] = [];
  const mapButton = page.getByRole('button', { name: 'Map', exact: true });
  for (let run = 0; run < RUNS; run += 1) {
    await mapButton.click();
    await page.locator(MAP).waitFor({ state: 'detached' });
    const start = await page.evaluate(() => performance.now());
    await mapButton.click();
    const handle = await page.waitForFunction((selector) => (document.querySelector(selector)?.getAttribute('data-idle') === 'true' ? performance.now() : false), MAP, { polling: 'raf', timeout: 60_000 });
    opened.push(((await handle.jsonValue()) as number) - start);
    await page.waitForTimeout(1_000);
  }
  const mapPage: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    mapPage.push(await timedFirstIdle(page, `${base}/?currentPage=Map`));
    await page.waitForTimeout(1_500);
  }
  const panFrames: number[] = [];
  const zoomFrames: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    panFrames.push(...(await frameTimes(page, () => pan(page))));
    zoomFrames.push(...(await frameTimes(page, () => zoom(page, 1))));
    zoomFrames.push(...(await frameTimes(page, () => zoom(page, -1))));
  }
  return [
    {
      name: `Map page, ${N} sites: navigation → map idle with the sites drawn, median of ${RUNS}`,
      value: Math.round(median(mapPage)),
      unit: 'ms',
      baseline: spread(mapPage),
      target: '≤ 2,500 ms',
    },
    {
      name: `Sites page with the map panel open, ${N} sites: navigation → map idle with the sites drawn, median of ${RUNS}`,
      value: Math.round(median(idle)),
      unit: 'ms',
      baseline: spread(idle),
      target: '≤ 2,500 ms',
    },
    {
      name: `The map opened on the Sites page (Map button), ${N} sites in memory: click → map idle with the sites drawn, median of ${RUNS}`,
      value: Math.round(median(opened)),
      unit: 'ms',
      baseline: spread(opened),
      target: '≤ 2,500 ms',
    },
    { name: `Panning (mouse drag) over ${N} sites: frame interval, median over ${RUNS} drags`, value: Math.round(median(panFrames)), unit: 'ms', baseline: `${panFrames.length} frames` },
    { name: `Panning over ${N} sites: frame interval, 95th percentile`, value: Math.round(percentile(panFrames, 0.95)), unit: 'ms', baseline: `longest ${Math.round(Math.max(...panFrames))} ms`, target: '≤ 50 ms' },
    { name: `Zooming (wheel, 5 steps in then out) over ${N} sites: frame interval, median over ${RUNS} × 2 gestures`, value: Math.round(median(zoomFrames)), unit: 'ms', baseline: `${zoomFrames.length} frames` },
    { name: `Zooming over ${N} sites: frame interval, 95th percentile`, value: Math.round(percentile(zoomFrames, 0.95)), unit: 'ms', baseline: `longest ${Math.round(Math.max(...zoomFrames))} ms`, target: '≤ 50 ms' },
  ];
}

/** The browser figures of the map with 100,000 sites. */
export async function runMapPageBenchmarks(): Promise<BenchResult[]> {
  const dataDir = await seededDataDir('riskatlas-bench-map-');
  try {
    return await inBrowser({ DATA_DIR: dataDir }, measure);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
