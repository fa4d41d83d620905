import type { QueryClient } from '@tanstack/react-query';
import { base64ToBytes, bytesToBase64, createSiteCache, encodePackedSites, type SiteCache, type SiteCacheCodec, type TSite } from '@riskatlas/domain';
import { decodeSites } from './decode-sites';

/**
 * The client site-list cache: per release year, in memory and in compressed local
 * storage, valid under 10 minutes, never older than the account's last data update, for the same
 * user only (the rules are packages/domain's createSiteCache). Stored as the packed list, gzipped,
 * in base64: about a sixth of the JSON, so 100,000 sites fit in localStorage's few megabytes.
 */

async function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Bytes compressed per idle moment: ~10 ms of deflate each. */
const GZIP_PIECE = 256 * 1024;

/**
 * Gzips in pieces, the next one when the browser is idle again. Chromium deflates on the page's
 * own thread: the 100,000-site list (~4 MB) in one go was a 200 ms task, and a key typed then
 * waited for it.
 */
async function gzipInPieces(bytes: Uint8Array): Promise<Uint8Array> {
  const gzip = new CompressionStream('gzip');
  const writer = gzip.writable.getWriter();
  const compressed = new Response(gzip.readable).arrayBuffer();
  // Awaited below; a failed write leaves first, and its failure is the one reported.
  compressed.catch(() => undefined);
  for (let at = 0; at < bytes.length; at += GZIP_PIECE) {
    if (at > 0) await idle();
    await writer.write(bytes.subarray(at, at + GZIP_PIECE) as Uint8Array<ArrayBuffer>);
  }
  await writer.close();
  return new Uint8Array(await compressed);
}

// The packed bytes each list was decoded from: storing them again costs no re-encoding (~0.4 s for 100,000 sites).
const packedOf = new WeakMap<readonly TSite[], Uint8Array>();

/** Remembers the bytes a list was decoded from, for the cache to store as they are. */
export function rememberPacked(sites: readonly TSite[], bytes: Uint8Array): void {
  packedOf.set(sites, bytes);
}

/** The browser's own base64 (Chromium 140, Firefox 133, Safari 18.2 and later), where it has it. */
interface NativeBase64 {
  fromBase64?: (text: string) => Uint8Array;
}

/**
 * Base64 to bytes: natively where the browser can, else packages/domain's decoder (the same
 * alphabet and padding). Natively it is about ten times quicker, ~45 ms saved on the 100,000-site
 * list read from storage when the page opens.
 */
function fromBase64(text: string): Uint8Array {
  const native = (Uint8Array as unknown as NativeBase64).fromBase64;
  return native ? native.call(Uint8Array, text) : base64ToBytes(text);
}

/** Bytes to base64, natively where the browser can (see fromBase64). */
function toBase64(bytes: Uint8Array): string {
  const native = (bytes as unknown as { toBase64?: () => string }).toBase64;
  return native ? native.call(bytes) : bytesToBase64(bytes);
}

/** Resolves when the browser is idle (within 3 s), or soon where it cannot tell. */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 200);
  });
}

/**
 * Packed, gzipped, base64: null where the browser cannot compress (the cache then lives in memory
 * only). Encoding waits until the browser is idle: compressing and writing storage must not delay
 * the first screen, which the freshly loaded list is drawing at that moment.
 */
const codec: SiteCacheCodec<TSite[]> | null =
  typeof CompressionStream === 'function' && typeof DecompressionStream === 'function'
    ? {
        encode: async (sites) => {
          await idle();
          return toBase64(await gzipInPieces(packedOf.get(sites) ?? encodePackedSites(sites)));
        },
        decode: async (text) => decodeSites(await through(fromBase64(text), new DecompressionStream('gzip'))),
      }
    : null;

/** localStorage, or null where it cannot be reached (some private modes throw on access). Writes may throw (quota): the cache handles that. */
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// One cache per query client: the app has one; every component test gets a fresh one.
const caches = new WeakMap<QueryClient, SiteCache<TSite[]>>();

/** The site-list cache of this app (one per query client). */
export function siteListCache(queryClient: QueryClient): SiteCache<TSite[]> {
  let cache = caches.get(queryClient);
  if (!cache) {
    cache = createSiteCache<TSite[]>({ now: () => Date.now(), storage: localStorageOrNull(), codec });
    caches.set(queryClient, cache);
  }
  return cache;
}
