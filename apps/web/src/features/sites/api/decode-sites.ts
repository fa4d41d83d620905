import { decodePackedSites, type PackedSite, type TSite } from '@riskatlas/domain';

/**
 * The packed list of GET m/sites (packages/domain decodes it) as the contract's Site type. The
 * decoder's types mark lists read-only; it documents that every decoded site has its own arrays,
 * so the cast is safe.
 */
export function decodeSites(bytes: Uint8Array): TSite[] {
  const sites: readonly PackedSite[] = decodePackedSites(bytes);
  return sites as TSite[];
}
