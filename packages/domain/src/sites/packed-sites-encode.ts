/** The encoder of the packed site list; packed-sites.ts documents the format. */
import type { PackedDateInput, PackedSiteInput } from './packed-sites';
import { Bit, ByteWriter, ListTable, MAGIC, StringColumn, TokenLog, utf8Encode, WordTable } from './packed-sites-io';

const CT_UNKNOWN = 3;
const MILLIS_PER_DAY = 86_400_000;
const INTEGER_KEY = /^-?\d+$/;

function toMillis(value: PackedDateInput, field: string, siteId: number): number {
  const millis = typeof value === 'number' ? value : value instanceof Date ? value.getTime() : Date.parse(value);
  if (!Number.isFinite(millis)) throw new RangeError(`Site ${siteId}: ${field} is not a date.`);
  return millis;
}

function toFixed7(value: number, field: string, siteId: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Site ${siteId}: ${field} is not a number.`);
  return Math.round(value * 1e7);
}

function checkInteger(value: number, what: string, siteId: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Site ${siteId}: ${what} must be a whole number.`);
  return value;
}

function sortedById(sites: readonly PackedSiteInput[]): readonly PackedSiteInput[] {
  let sorted = true;
  for (let index = 1; index < sites.length && sorted; index += 1) sorted = sites[index]!.siteId > sites[index - 1]!.siteId;
  const ordered = sorted ? sites : [...sites].sort((a, b) => a.siteId - b.siteId);
  for (let index = 0; index < ordered.length; index += 1) {
    const id = ordered[index]!.siteId;
    if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`Site id ${id} is not a positive whole number.`);
    if (index > 0 && id === ordered[index - 1]!.siteId) throw new RangeError(`Site id ${id} appears twice.`);
  }
  return ordered;
}

/** The list dictionaries and the per-site list ids (−1 = none) the encoder computes before writing. */
class SiteLists {
  readonly tags = new ListTable<string>();
  readonly classes = new ListTable<number>();
  readonly scoreKeys = new ListTable<string>();
  readonly latest = new ListTable<number>();
  readonly tagIds: Int32Array;
  readonly classIds: Int32Array;
  readonly scoreKeyIds: Int32Array;
  readonly latestIds: Int32Array;

  constructor(count: number) {
    this.tagIds = new Int32Array(count);
    this.classIds = new Int32Array(count);
    this.scoreKeyIds = new Int32Array(count);
    this.latestIds = new Int32Array(count);
  }

  /** Finds (or adds) the lists of one site; validates class ids, score keys and l when first seen. */
  read(site: PackedSiteInput, index: number): void {
    const id = site.siteId;
    const tags = site.tags;
    let tagsId = -1;
    if (tags && tags.length > 0) {
      let node = this.tags.root;
      for (const tag of tags) node = this.tags.step(node, tag);
      tagsId = node.id >= 0 ? node.id : this.tags.register(node, [...tags]);
    }
    this.tagIds[index] = tagsId;

    const classes = site.classes;
    let classesId = -1;
    if (classes && classes.length > 0) {
      let node = this.classes.root;
      for (const value of classes) node = this.classes.step(node, value);
      classesId = node.id >= 0 ? node.id : this.classes.register(node, classes.map((value) => checkInteger(value, 'a class id', id)));
    }
    this.classIds[index] = classesId;

    const scores = site.s;
    let keyNode = this.scoreKeys.root;
    let keyCount = 0;
    if (scores) {
      for (const key in scores) {
        const score = scores[key];
        if (score === null || score === undefined) continue;
        if (!Number.isSafeInteger(score) || score < -1) throw new RangeError(`Site ${id}: a score must be a whole number from -1.`);
        keyNode = this.scoreKeys.step(keyNode, key);
        keyCount += 1;
      }
    }
    let keysId = -1;
    if (keyCount > 0) {
      keysId = keyNode.id;
      if (keysId < 0) {
        const keys = Object.keys(scores!).filter((key) => scores![key] !== null && scores![key] !== undefined);
        for (const key of keys) if (!INTEGER_KEY.test(key)) throw new RangeError(`Site ${id}: methodology id ${key} must be a whole number.`);
        keysId = this.scoreKeys.register(keyNode, keys);
      }
    }
    this.scoreKeyIds[index] = keysId;

    const latest = site.l;
    let latestId = -1;
    if (latest) {
      const r = checkInteger(latest.r, 'l.r', id);
      const p = checkInteger(latest.p, 'l.p', id);
      const f = checkInteger(latest.f, 'l.f', id);
      const node = this.latest.step(this.latest.step(this.latest.step(this.latest.root, r), p), f);
      latestId = node.id >= 0 ? node.id : this.latest.register(node, [r, p, f]);
    }
    this.latestIds[index] = latestId;
  }
}

function same(value: string | null | undefined, before: string | null | undefined): boolean {
  return (value ?? null) === (before ?? null);
}

/** The flag bits of site `index` against the previous site (the first site's "previous" is all null). */
function flagsOf(sites: readonly PackedSiteInput[], lists: SiteLists, index: number): number {
  const site = sites[index]!;
  const previous = index > 0 ? sites[index - 1]! : null;
  const ct = site.ct ?? CT_UNKNOWN;
  if (ct !== 0 && ct !== 1 && ct !== 2 && ct !== 3) throw new RangeError(`Site ${site.siteId}: ct must be 0, 1, 2 or 3.`);
  let flags = ct;
  if (same(site.countryCode, previous?.countryCode) && same(site.countryDisplay, previous?.countryDisplay)) flags |= Bit.sameCountry;
  if (same(site.state, previous?.state)) flags |= Bit.sameState;
  if (same(site.city, previous?.city)) flags |= Bit.sameCity;
  if (same(site.geocodeType, previous?.geocodeType)) flags |= Bit.sameGeocodeType;
  if (same(site.classificationView, previous?.classificationView)) flags |= Bit.sameClassificationView;
  const before = index > 0 ? index - 1 : -1;
  if (lists.scoreKeyIds[index] === (before < 0 ? -1 : lists.scoreKeyIds[before])) flags |= Bit.sameScoreKeys;
  if (lists.latestIds[index] === (before < 0 ? -1 : lists.latestIds[before])) flags |= Bit.sameLatest;
  if (lists.classIds[index] === (before < 0 ? -1 : lists.classIds[before])) flags |= Bit.sameClasses;
  if (lists.tagIds[index] === (before < 0 ? -1 : lists.tagIds[before])) flags |= Bit.sameTags;
  if (site.notes !== null && site.notes !== undefined) flags |= Bit.notes;
  if (site.street2 !== null && site.street2 !== undefined) flags |= Bit.street2;
  if (site.eid !== null && site.eid !== undefined) flags |= Bit.eid;
  if (site.lrr !== null && site.lrr !== undefined) flags |= Bit.lrr;
  const incidents = site.i;
  if (incidents) {
    flags |= Bit.incidents;
    if (incidents.b) flags |= Bit.incidentBlock;
    if (incidents.s) flags |= Bit.incidentQuarterMile;
    if (incidents.l) flags |= Bit.incidentThreeMiles;
    if (incidents.r !== null && incidents.r !== undefined) flags |= Bit.incidentDate;
  }
  return flags;
}

/** The distinct flag values, most used first: most sites share a handful, so a flag set costs one byte. */
class FlagSets {
  readonly entries: number[];
  private readonly index = new Map<number, number>();

  constructor(flags: Int32Array) {
    const counts = new Map<number, number>();
    for (const bits of flags) counts.set(bits, (counts.get(bits) ?? 0) + 1);
    this.entries = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || a - b);
    this.entries.forEach((bits, position) => this.index.set(bits, position));
  }

  indexOf(bits: number): number {
    return this.index.get(bits)!;
  }
}

/**
 * Packs sites into the format documented in packed-sites.ts, in ascending siteId (the input
 * is sorted when it is not). Throws a RangeError naming the site when a value cannot be
 * represented: a duplicate or non-positive id, a date that is not a date, a coordinate that is not
 * a number, an id or methodology key that is not a whole number, a score that is not a whole number from
 * −1, a ct outside 0–3.
 * Allocation per site is kept near zero (typed arrays and tables), so 100,000 sites pack quickly.
 */
export function encodePackedSites(input: readonly PackedSiteInput[]): Uint8Array {
  const sites = sortedById(input);
  const count = sites.length;
  const lists = new SiteLists(count);
  const flags = new Int32Array(count);
  const words = new WordTable();
  const cities = new StringColumn();
  const states = new StringColumn();
  const codes = new StringColumn();
  const displays = new StringColumn();
  const tagNames = new StringColumn();
  const views = new StringColumn();
  const geocodeTypes = new StringColumn();
  // About 20 token values and 50 record bytes per site: reserved once, not regrown.
  const log = new TokenLog(count * 24);

  // Pass 1: find the lists, set the flags and count what will be written (a field equal to the
  // previous site's is not written).
  const countText = (value: string | null | undefined): void => {
    if (value !== null && value !== undefined) log.record(value, words);
  };
  for (let index = 0; index < count; index += 1) {
    const site = sites[index]!;
    lists.read(site, index);
    const bits = flagsOf(sites, lists, index);
    flags[index] = bits;
    countText(site.siteName);
    countText(site.notes);
    countText(site.street);
    countText(site.street2);
    countText(site.zipCode);
    countText(site.eid);
    if (!(bits & Bit.sameCity)) cities.count(site.city ?? null);
    if (!(bits & Bit.sameState)) states.count(site.state ?? null);
    if (!(bits & Bit.sameCountry)) {
      codes.count(site.countryCode ?? null);
      displays.count(site.countryDisplay ?? null);
    }
    if (!(bits & Bit.sameGeocodeType)) geocodeTypes.count(site.geocodeType ?? null);
    if (!(bits & Bit.sameClassificationView)) views.count(site.classificationView ?? null);
    if (!(bits & Bit.sameTags)) lists.tags.use(lists.tagIds[index]!);
    if (!(bits & Bit.sameClasses)) lists.classes.use(lists.classIds[index]!);
    if (!(bits & Bit.sameScoreKeys)) lists.scoreKeys.use(lists.scoreKeyIds[index]!);
    if (!(bits & Bit.sameLatest)) lists.latest.use(lists.latestIds[index]!);
  }
  words.seal();
  const flagSets = new FlagSets(flags);
  for (const column of [cities, states, codes, displays, views, geocodeTypes]) column.seal();
  for (const table of [lists.tags, lists.classes, lists.scoreKeys, lists.latest]) table.seal();
  // Lists name tags by index only, so every tag gets one.
  for (const list of lists.tags.entries) for (const tag of list) tagNames.count(tag);
  tagNames.seal(1);

  // Pass 2: the records. Literals are collected in the order the decoder reads them.
  const literals: string[] = [];
  const records = new ByteWriter(count * 56);
  const text = (value: string | null | undefined): void => {
    if (value === null || value === undefined) return records.varint(0);
    const data = log.data;
    let at = log.position;
    const tokens = data[at]!;
    const glue = data[at + 1]!;
    log.position = at + tokens + 2;
    if (tokens === 0) return records.varint(1);
    records.varint(tokens * 2 + (glue === 0 ? 0 : 1));
    if (glue !== 0) records.varint(glue);
    const end = at + tokens + 2;
    for (at += 2; at < end; at += 1) {
      const token = data[at]!;
      if (token > 0) {
        records.varint(token);
        continue;
      }
      const id = -token - 1;
      const rank = words.rank[id]!;
      if (rank >= 0) records.varint(rank * 2);
      else {
        literals.push(words.words[id]!);
        records.varint(1);
      }
    }
  };
  // Coordinates are coded against the last site of the same (dictionary) city: it is usually near.
  const cityLatitude = new Float64Array(cities.entries.length);
  const cityLongitude = new Float64Array(cities.entries.length);
  const citySeen = new Uint8Array(cities.entries.length);
  let cityIndex = -1;
  let previousId = 0;
  let latitude = 0;
  let longitude = 0;
  let created = 0;
  let lrr = 0;
  let incidentDay = 0;
  for (let index = 0; index < count; index += 1) {
    const site = sites[index]!;
    const id = site.siteId;
    const bits = flags[index]!;
    records.varint(flagSets.indexOf(bits));
    records.varint(id - previousId - 1);
    previousId = id;
    text(site.siteName);
    if (bits & Bit.notes) text(site.notes);
    if (!(bits & Bit.sameTags)) records.varint(lists.tags.ref(lists.tagIds[index]!));
    text(site.street);
    if (bits & Bit.street2) text(site.street2);
    if (!(bits & Bit.sameCity)) {
      const city = site.city ?? null;
      records.varint(cities.ref(city, literals));
      cityIndex = cities.indexOf(city);
    }
    if (!(bits & Bit.sameState)) records.varint(states.ref(site.state ?? null, literals));
    text(site.zipCode);
    if (!(bits & Bit.sameCountry)) {
      records.varint(codes.ref(site.countryCode ?? null, literals));
      records.varint(displays.ref(site.countryDisplay ?? null, literals));
    }
    const siteLatitude = toFixed7(site.latitude, 'latitude', id);
    const siteLongitude = toFixed7(site.longitude, 'longitude', id);
    const anchored = cityIndex >= 0 && citySeen[cityIndex] === 1;
    records.zigzag(siteLatitude - (anchored ? cityLatitude[cityIndex]! : latitude));
    records.zigzag(siteLongitude - (anchored ? cityLongitude[cityIndex]! : longitude));
    latitude = siteLatitude;
    longitude = siteLongitude;
    if (cityIndex >= 0) {
      cityLatitude[cityIndex] = latitude;
      cityLongitude[cityIndex] = longitude;
      citySeen[cityIndex] = 1;
    }
    const siteCreated = Math.floor(toMillis(site.created, 'created', id) / 1000);
    records.zigzag(siteCreated - created);
    created = siteCreated;
    if (bits & Bit.lrr) {
      const siteLrr = Math.floor(toMillis(site.lrr!, 'lrr', id) / 1000);
      records.zigzag(siteLrr - lrr);
      lrr = siteLrr;
    }
    if (bits & Bit.eid) text(site.eid);
    const keySet = lists.scoreKeyIds[index]!;
    if (!(bits & Bit.sameScoreKeys)) records.varint(lists.scoreKeys.ref(keySet));
    if (keySet >= 0) for (const key of lists.scoreKeys.lists[keySet]!) records.varint(site.s![key]! + 1);
    if (!(bits & Bit.sameLatest)) records.varint(lists.latest.ref(lists.latestIds[index]!));
    if (bits & Bit.incidentDate) {
      const day = Math.floor(toMillis(site.i!.r!, 'i.r', id) / MILLIS_PER_DAY);
      records.zigzag(day - incidentDay);
      incidentDay = day;
    }
    if (!(bits & Bit.sameClasses)) records.varint(lists.classes.ref(lists.classIds[index]!));
    if (!(bits & Bit.sameClassificationView)) records.varint(views.ref(site.classificationView ?? null, literals));
    if (!(bits & Bit.sameGeocodeType)) records.varint(geocodeTypes.ref(site.geocodeType ?? null, literals));
  }

  const out = new ByteWriter();
  for (const byte of MAGIC) out.byte(byte);
  out.varint(count);
  const columns = [cities, states, codes, displays, tagNames, views, geocodeTypes];
  const strings = [...words.entries, ...columns.flatMap((column) => column.entries), ...literals];
  out.varint(strings.length);
  for (const value of strings) out.varint(value.length);
  const blob = utf8Encode(strings.join(''));
  out.varint(blob.length);
  out.append(blob);
  out.varint(words.entries.length);
  for (const column of columns) out.varint(column.entries.length);
  out.varint(lists.tags.entries.length);
  for (const list of lists.tags.entries) {
    out.varint(list.length);
    for (const tag of list) out.varint(tagNames.indexOf(tag));
  }
  out.varint(lists.classes.entries.length);
  for (const list of lists.classes.entries) {
    out.varint(list.length);
    for (const value of list) out.zigzag(value);
  }
  out.varint(lists.scoreKeys.entries.length);
  for (const keys of lists.scoreKeys.entries) {
    out.varint(keys.length);
    for (const key of keys) out.zigzag(Number(key));
  }
  out.varint(lists.latest.entries.length);
  for (const [r, p, f] of lists.latest.entries) {
    out.zigzag(r!);
    out.zigzag(p!);
    out.zigzag(f!);
  }
  out.varint(flagSets.entries.length);
  for (const bits of flagSets.entries) out.varint(bits);
  out.append(records.bytes.subarray(0, records.length));
  return out.result();
}
