import { importAddressKey, importNameKey, fuzzyNameKey, matchBlockKey, streetKey } from './import-row';
import { fuzzyText, type FuzzyText } from './similarity';

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

/**
 * A site as the index keeps it: what a match reports and compares, and the keys it is matched by,
 * computed once. Its address parts and external id live on only as the index's keys: 100,000 sites
 * are held for a whole run, so each keeps no more than it needs.
 */
export interface IndexedSite {
  siteId: number;
  siteName: string;
  countryId: number;
  latitude: number;
  longitude: number;
  hasReports: boolean;
  nameKey: string;
  /** The name as fuzzy matching compares it. */
  fuzzyName: FuzzyText;
  /** The street as fuzzy matching compares it ('' when none). */
  fuzzyStreet: FuzzyText;
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
    // Every field written out in one order (no spread): the sites share one hidden class, where a
    // spread copy gave each its own (about 400 bytes a site more).
    const indexed: IndexedSite = {
      siteId: site.siteId,
      siteName: site.siteName,
      countryId: site.countryId,
      latitude: site.latitude,
      longitude: site.longitude,
      hasReports: site.hasReports,
      nameKey: importNameKey(site.siteName),
      fuzzyName: fuzzyText(fuzzyNameKey(site.siteName)),
      fuzzyStreet: fuzzyText(street),
    };
    this.bySiteId.set(site.siteId, indexed);
    addTo(this.byName, indexed.nameKey, indexed);
    const addressKey = importAddressKey(site, street);
    if (addressKey) addTo(this.byAddress, addressKey, indexed);
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
