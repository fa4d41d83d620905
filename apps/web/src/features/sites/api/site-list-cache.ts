import type { QueryClient } from '@tanstack/react-query';
import { base64ToBytes, bytesToBase64, createSiteCache, encodePackedSites, type SiteCache, type SiteCacheCodec, type TSite } from '@riskatlas/domain';
import { decodeSites } from './decode-sites';

/**
 * The client site-list cache of spec 1 §4: per release year, in memory and in compressed local
 * storage, valid under 10 minutes, never older than the account's last data update, for the same
 * user only (the rules are packages/domain's createSiteCache). Stored as the packed list, gzipped,
 * in base64: about a sixth of the JSON, so 100,000 sites fit in localStorage's few megabytes.
 */

async function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The packed bytes each list was decoded from: storing them again costs no re-encoding (~0.4 s for 100,000 sites).
const packedOf = new WeakMap<readonly TSite[], Uint8Array>();

/** Remembers the bytes a list was decoded from, for the cache to store as they are. */
export function rememberPacked(sites: readonly TSite[], bytes: Uint8Array): void {
  packedOf.set(sites, bytes);
}

/** Packed, gzipped, base64: null where the browser cannot compress (the cache then lives in memory only). */
const codec: SiteCacheCodec<TSite[]> | null =
  typeof CompressionStream === 'function' && typeof DecompressionStream === 'function'
    ? {
        encode: async (sites) => bytesToBase64(await through(packedOf.get(sites) ?? encodePackedSites(sites), new CompressionStream('gzip'))),
        decode: async (text) => decodeSites(await through(base64ToBytes(text), new DecompressionStream('gzip'))),
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
