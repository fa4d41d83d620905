import type { Caller } from '../../../access/caller';
import type { DocumentDeps } from '../documents-deps';
import { MapBackdrops } from '../report-map-image/report-map-image';
import { pdfBuffer, reportPdf, type PdfRequest } from './report-pdf.service';

/** One report's PDF made by pdfsInOrder, or why it could not be made. */
export type PdfOutcome =
  | { id: number; ok: true; buffer: Buffer; fileName: string; siteName: string }
  | { id: number; ok: false; error: unknown };

/** How many PDFs pdfsInOrder works on at once unless told: one being written while the next one's reads and map encodings run. */
const DEFAULT_CONCURRENCY = 2;

/**
 * The PDFs of many reports, for an archive: yields one outcome per request, in the order of
 * `requests`, each exactly what `reportPdf(deps, auth, request)` then `pdfBuffer(doc)` give (the
 * same checks, sections, methodologies and file name), as `{ id, ok: true, buffer, fileName, siteName }`,
 * or `{ id, ok: false, error }` with the error reportPdf threw (a report deleted meanwhile is a
 * 404 AppError) — one failure does not stop the others.
 *
 * Up to `concurrency` PDFs (default 2, at least 1) are in progress at once: while one is written,
 * the next one's database reads run and its maps are encoded on libuv's thread pool, which uses
 * a second core. Memory stays flat: a request is read from `requests` only when a slot frees,
 * and at most `concurrency` finished buffers wait for the consumer, which sets the pace (the next
 * PDF is started before an outcome is yielded, so it is made while the consumer writes the last).
 * Stopping early (break, return, throw in the consumer's loop) leaves the PDFs in progress to end
 * on their own; their outcomes are dropped. The PDFs' maps of nearby sites share their backdrops
 * (deps.mapBackdrops, made for the run unless given).
 */
export async function* pdfsInOrder(
  deps: DocumentDeps,
  auth: Caller,
  requests: Iterable<PdfRequest> | AsyncIterable<PdfRequest>,
  options: { concurrency?: number } = {},
): AsyncGenerator<PdfOutcome, void, undefined> {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const runDeps: DocumentDeps = { ...deps, mapBackdrops: deps.mapBackdrops ?? new MapBackdrops() };
  const source = Symbol.asyncIterator in requests ? requests[Symbol.asyncIterator]() : requests[Symbol.iterator]();
  const inProgress: Promise<PdfOutcome>[] = [];
  let exhausted = false;
  const fill = async () => {
    while (!exhausted && inProgress.length < concurrency) {
      const next = await source.next();
      if (next.done) exhausted = true;
      else inProgress.push(makePdf(runDeps, auth, next.value));
    }
  };
  await fill();
  while (inProgress.length > 0) {
    const outcome = await inProgress.shift()!;
    await fill();
    yield outcome;
  }
}

/** One PDF as an outcome: never rejects. */
async function makePdf(deps: DocumentDeps, auth: Caller, request: PdfRequest): Promise<PdfOutcome> {
  try {
    const { doc, fileName, siteName } = await reportPdf(deps, auth, request);
    return { id: request.id, ok: true, buffer: await pdfBuffer(doc), fileName, siteName };
  } catch (error) {
    return { id: request.id, ok: false, error };
  }
}
