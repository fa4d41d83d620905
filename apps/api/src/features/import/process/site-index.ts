import { importAddressKey, importNameKey, fuzzyNameKey, matchBlockKey, streetKey } from './import-row';

/** A site of the account as matching sees it. */
export interface MatchableSite {
  siteId: number;
  siteName: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  countryId: number;
  latitude: number;
  longitude: number;
  externalId: string;
  /** The site has at least one report: a matching row rescores it rather than attaching to it. */
  hasReports: boolean;
}

/** A site with the keys it is matched by, computed once. */
export interface IndexedSite extends MatchableSite {
  nameKey: string;
  fuzzyName: string;
  addressKey: string;
  streetKey: string;
}

/**
 * Most sites of one block a row is compared with: a zip or city holding more (a downtown of a
 * large portfolio) is compared with its first ones only, so one row never costs more than this.
 */
export const MAX_BLOCK_SITES = 500;

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The account's sites indexed for the import's matching: by name key, address key and external id
 * for exact matches, and by block (zip, city) for fuzzy ones. Built once per processing run, so a
 * 100,000-row file is matched without a query per row.
 */
export class SiteIndex {
  private readonly byName = new Map<string, IndexedSite[]>();
  private readonly byAddress = new Map<string, IndexedSite[]>();
  private readonly byExternalId = new Map<string, IndexedSite[]>();
  private readonly byBlock = new Map<string, IndexedSite[]>();
  private readonly bySiteId = new Map<number, IndexedSite>();

  constructor(sites: Iterable<MatchableSite>) {
    for (const site of sites) this.add(site);
  }

  /** Adds a site (also used by the tests and by re-checks that know of a site created meanwhile). */
  add(site: MatchableSite): void {
    const street = streetKey(site.street);
    const indexed: IndexedSite = {
      ...site,
      nameKey: importNameKey(site.siteName),
      fuzzyName: fuzzyNameKey(site.siteName),
      addressKey: importAddressKey(site, street),
      streetKey: street,
    };
    this.bySiteId.set(site.siteId, indexed);
    addTo(this.byName, indexed.nameKey, indexed);
    if (indexed.addressKey) addTo(this.byAddress, indexed.addressKey, indexed);
    const externalId = site.externalId.trim();
    if (externalId) addTo(this.byExternalId, externalId, indexed);
    const block = matchBlockKey(site);
    if (block) addTo(this.byBlock, block, indexed);
  }

  /** The site with this id, if the account has it. */
  withSiteId(siteId: number): IndexedSite | undefined {
    return this.bySiteId.get(siteId);
  }

  /** Sites whose name key is this one. */
  withName(nameKey: string): readonly IndexedSite[] {
    return this.byName.get(nameKey) ?? [];
  }

  /** Sites whose normalised address is this one ('' matches none). */
  withAddress(addressKey: string): readonly IndexedSite[] {
    return addressKey ? (this.byAddress.get(addressKey) ?? []) : [];
  }

  /** Sites with this external id (trimmed, exact). */
  withExternalId(externalId: string): readonly IndexedSite[] {
    const key = externalId.trim();
    return key ? (this.byExternalId.get(key) ?? []) : [];
  }

  /**
   * The sites fuzzy matching compares the address with: those of its zip, else of its city — the
   * narrowest block it has — at most MAX_BLOCK_SITES of them.
   */
  near(address: { city?: string | null; state?: string | null; zipCode?: string | null }): readonly IndexedSite[] {
    const block = matchBlockKey(address);
    const sites = block ? (this.byBlock.get(block) ?? []) : [];
    return sites.length > MAX_BLOCK_SITES ? sites.slice(0, MAX_BLOCK_SITES) : sites;
  }
}
