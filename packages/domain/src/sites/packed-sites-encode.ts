/** The encoder of the packed site list; packed-sites.ts documents the format. */
import type { PackedDateInput, PackedSiteInput, PackedSiteSource } from './packed-sites';
import { Bit, ByteWriter, CoordinateReference, ListTable, MAGIC, StringColumn, TEMPLATE_HEADER, utf8Encode } from './packed-sites-io';
import { TokenLog, WordTable } from './packed-sites-tokens';
import { TemplateTable } from './packed-sites-templates';

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

/** An array of sites as a {@link PackedSiteSource}. */
function packedSiteArray(sites: readonly PackedSiteInput[]): PackedSiteSource {
  return { length: sites.length, siteId: (index) => sites[index]!.siteId, site: (index) => sites[index]! };
}

/** The source's site ids in writing order (ascending), and the source index of each. */
interface SiteOrder {
  ids: Float64Array;
  /** Source index per position; null when the source is in id order already (the API reads it so). */
  order: Int32Array | null;
}

/**
 * The order to write the source's sites in: by ascending siteId. Refuses ids that are not positive
 * whole numbers, and repeats. The ids are kept, so writing does not ask the source for them again.
 */
function orderById(source: PackedSiteSource): SiteOrder {
  const count = source.length;
  const ids = new Float64Array(count);
  let sorted = true;
  for (let index = 0; index < count; index += 1) {
    const id = source.siteId(index);
    if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`Site id ${id} is not a positive whole number.`);
    if (index > 0 && id <= ids[index - 1]!) sorted = false;
    ids[index] = id;
  }
  if (sorted) return { ids, order: null };
  const order = Int32Array.from({ length: count }, (_, index) => index).sort((a, b) => ids[a]! - ids[b]!);
  const ordered = new Float64Array(count);
  for (let index = 0; index < count; index += 1) {
    ordered[index] = ids[order[index]!]!;
    if (index > 0 && ordered[index] === ordered[index - 1]) throw new RangeError(`Site id ${ordered[index]} appears twice.`);
  }
  return { ids: ordered, order };
}

function isSource(input: readonly PackedSiteInput[] | PackedSiteSource): input is PackedSiteSource {
  return !Array.isArray(input);
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
      for (let at = 0; at < tags.length; at += 1) node = this.tags.step(node, tags[at]!);
      tagsId = node.id >= 0 ? node.id : this.tags.register(node, [...tags]);
    }
    this.tagIds[index] = tagsId;

    const classes = site.classes;
    let classesId = -1;
    if (classes && classes.length > 0) {
      let node = this.classes.root;
      for (let at = 0; at < classes.length; at += 1) node = this.classes.step(node, classes[at]!);
      classesId = node.id >= 0 ? node.id : this.classes.register(node, classes.map((value) => checkInteger(value, 'a class id', id)));
    }
    this.classIds[index] = classesId;

    const scores = site.s;
    let keyNode = this.scoreKeys.root;
    let keyCount = 0;
    if (scores) {
      const known = site.scoreKeys;
      if (known) {
        for (let at = 0; at < known.length; at += 1) keyNode = this.scoreKeys.step(keyNode, known[at]!);
        keyCount = known.length;
      } else {
        for (const key in scores) {
          const score = scores[key];
          if (score === null || score === undefined) continue;
          keyNode = this.scoreKeys.step(keyNode, key);
          keyCount += 1;
        }
      }
    }
    let keysId = -1;
    if (keyCount > 0) {
      keysId = keyNode.id;
      if (keysId < 0) {
        const keys = site.scoreKeys ? [...site.scoreKeys] : Object.keys(scores!).filter((key) => scores![key] !== null && scores![key] !== undefined);
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
function flagsOf(site: PackedSiteInput, previous: PackedSiteInput | null, lists: SiteLists, index: number): number {
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
  // Neighbouring sites mostly share their flags: the last answer is kept.
  private lastBits = -1;
  private lastIndex = -1;

  constructor(flags: Int32Array) {
    const counts = new Map<number, number>();
    for (const bits of flags) counts.set(bits, (counts.get(bits) ?? 0) + 1);
    this.entries = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || a - b);
    this.entries.forEach((bits, position) => this.index.set(bits, position));
  }

  indexOf(bits: number): number {
    if (bits !== this.lastBits) {
      this.lastBits = bits;
      this.lastIndex = this.index.get(bits)!;
    }
    return this.lastIndex;
  }
}

/** Per-site values pass 1 works out and pass 2 writes, so pass 2 does not read the sites again. */
class SiteValues {
  /** String column ids (StringColumn.count; −1 for null) of the fields written, per site. */
  readonly city: Int32Array;
  readonly state: Int32Array;
  readonly code: Int32Array;
  readonly display: Int32Array;
  readonly view: Int32Array;
  readonly geocodeType: Int32Array;
  /** Coordinates in 1e-7 degrees. */
  readonly latitude: Float64Array;
  readonly longitude: Float64Array;
  /** Unix seconds. */
  readonly created: Float64Array;
  readonly lrr: Float64Array;
  /** i.r in days since 1970-01-01, made when a site has one. */
  incidentDay: Float64Array | null = null;
  /** Every site's scores in its key set's order, one after another. */
  scores: Float64Array;
  scoreCount = 0;

  constructor(count: number) {
    this.city = new Int32Array(count);
    this.state = new Int32Array(count);
    this.code = new Int32Array(count);
    this.display = new Int32Array(count);
    this.view = new Int32Array(count);
    this.geocodeType = new Int32Array(count);
    this.latitude = new Float64Array(count);
    this.longitude = new Float64Array(count);
    this.created = new Float64Array(count);
    this.lrr = new Float64Array(count);
    this.scores = new Float64Array(Math.max(16, count * 2));
  }

  addScore(score: number): void {
    if (this.scoreCount === this.scores.length) {
      const next = new Float64Array(this.scores.length * 2);
      next.set(this.scores);
      this.scores = next;
    }
    this.scores[this.scoreCount++] = score;
  }
}

/**
 * Packs sites into the format documented in packed-sites.ts, in ascending siteId (the input
 * is sorted when it is not). Takes an array, or a {@link PackedSiteSource} that answers one site
 * at a time (each site is read once). Throws a RangeError naming the site when a value cannot be
 * represented: a duplicate or non-positive id, a date that is not a date, a coordinate that is not
 * a number, an id or methodology key that is not a whole number, a score that is not a whole number from
 * −1, a ct outside 0–3.
 * Allocation per site is kept near zero (typed arrays and tables), so 100,000 sites pack quickly.
 */
export function encodePackedSites(input: readonly PackedSiteInput[] | PackedSiteSource): Uint8Array {
  const source = isSource(input) ? input : packedSiteArray(input);
  const { ids, order } = orderById(source);
  const count = source.length;
  const lists = new SiteLists(count);
  const flags = new Int32Array(count);
  const values = new SiteValues(count);
  const words = new WordTable();
  const templates = new TemplateTable();
  const cities = new StringColumn();
  const states = new StringColumn();
  const codes = new StringColumn();
  const displays = new StringColumn();
  const tagNames = new StringColumn();
  const views = new StringColumn();
  const geocodeTypes = new StringColumn();
  // About 20 token values a site; the log grows when texts are longer.
  const log = new TokenLog(count * 20);

  // Pass 1: read each site once — find the lists, set the flags, count what will be written (a
  // field equal to the previous site's is not written) and keep the values pass 2 writes.
  let previous: PackedSiteInput | null = null;
  // The largest step every coordinate is a multiple of (0 until a coordinate is not 0).
  let quantum = 0;
  for (let index = 0; index < count; index += 1) {
    const site = source.site(order ? order[index]! : index);
    const id = site.siteId;
    lists.read(site, index);
    const bits = flagsOf(site, previous, lists, index);
    previous = site;
    flags[index] = bits;
    // The texts in the order pass 2 writes them; the optional ones only when present.
    log.record(site.siteName ?? null, words, templates);
    if (bits & Bit.notes) log.record(site.notes!, words, templates);
    log.record(site.street ?? null, words, templates);
    if (bits & Bit.street2) log.record(site.street2!, words, templates);
    log.record(site.zipCode ?? null, words, templates);
    if (bits & Bit.eid) log.record(site.eid!, words, templates);
    if (!(bits & Bit.sameCity)) values.city[index] = cities.count(site.city ?? null);
    if (!(bits & Bit.sameState)) values.state[index] = states.count(site.state ?? null);
    if (!(bits & Bit.sameCountry)) {
      values.code[index] = codes.count(site.countryCode ?? null);
      values.display[index] = displays.count(site.countryDisplay ?? null);
    }
    if (!(bits & Bit.sameGeocodeType)) values.geocodeType[index] = geocodeTypes.count(site.geocodeType ?? null);
    if (!(bits & Bit.sameClassificationView)) values.view[index] = views.count(site.classificationView ?? null);
    if (!(bits & Bit.sameTags)) lists.tags.use(lists.tagIds[index]!);
    if (!(bits & Bit.sameClasses)) lists.classes.use(lists.classIds[index]!);
    if (!(bits & Bit.sameScoreKeys)) lists.scoreKeys.use(lists.scoreKeyIds[index]!);
    if (!(bits & Bit.sameLatest)) lists.latest.use(lists.latestIds[index]!);
    const latitude = toFixed7(site.latitude, 'latitude', id);
    const longitude = toFixed7(site.longitude, 'longitude', id);
    values.latitude[index] = latitude;
    values.longitude[index] = longitude;
    // Most coordinates are multiples of the step already: two remainders instead of Euclid's loop.
    if (quantum !== 1 && (latitude % quantum !== 0 || longitude % quantum !== 0)) {
      quantum = greatestCommonDivisor(greatestCommonDivisor(quantum, latitude), longitude);
    }
    values.created[index] = Math.floor(toMillis(site.created, 'created', id) / 1000);
    if (bits & Bit.lrr) values.lrr[index] = Math.floor(toMillis(site.lrr!, 'lrr', id) / 1000);
    const keySet = lists.scoreKeyIds[index]!;
    if (keySet >= 0) {
      const scores = site.s!;
      const keys = lists.scoreKeys.lists[keySet]!;
      for (let at = 0; at < keys.length; at += 1) {
        const score = scores[keys[at]!];
        if (!Number.isSafeInteger(score) || score! < -1) throw new RangeError(`Site ${id}: a score must be a whole number from -1.`);
        values.addScore(score!);
      }
    }
    if (bits & Bit.incidentDate) {
      values.incidentDay ??= new Float64Array(count);
      values.incidentDay[index] = Math.floor(toMillis(site.i!.r!, 'i.r', id) / MILLIS_PER_DAY);
    }
  }
  templates.seal((id) => words.words[id]!, words.counts);
  words.seal();
  if (quantum === 0) quantum = 1;
  const flagSets = new FlagSets(flags);
  for (const column of [cities, states, codes, displays, views, geocodeTypes]) column.seal();
  for (const table of [lists.tags, lists.classes, lists.scoreKeys, lists.latest]) table.seal();
  // Lists name tags by index only, so every tag gets one.
  for (const list of lists.tags.entries) for (const tag of list) tagNames.count(tag);
  tagNames.seal(1);

  // Pass 2: the records, from what pass 1 kept. Literals are collected in the order the decoder reads them.
  const literals: string[] = [];
  const records = new ByteWriter(count * 56);
  const text = (): void => {
    const data = log.data;
    let at = log.position;
    const tokens = data[at]!;
    const template = log.templateOf();
    if (tokens < 0) {
      log.position = at + 1;
      return records.varint(0);
    }
    log.position = at + tokens + 2;
    if (tokens === 0) return records.varint(1);
    const end = at + tokens + 2;
    const templateRank = template >= 0 ? templates.rank[template]! : -1;
    if (templateRank >= 0) {
      // The template has the words: only its numbers follow, as (token − 3) / 2.
      records.varint(TEMPLATE_HEADER + templateRank);
      for (at += 2; at < end; at += 1) {
        const token = log.value(at);
        if (token > 0) records.varint((token - 3) / 2);
      }
      return;
    }
    const glue = log.value(at + 1);
    records.varint(tokens * 2 + (glue === 0 ? 0 : 1));
    if (glue !== 0) records.varint(glue);
    for (at += 2; at < end; at += 1) {
      const token = log.value(at);
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
  const coordinates = new CoordinateReference(cities.entries.length);
  let cityIndex = -1;
  let previousId = 0;
  let created = 0;
  let lrr = 0;
  let incidentDay = 0;
  let scoreAt = 0;
  for (let index = 0; index < count; index += 1) {
    const id = ids[index]!;
    const bits = flags[index]!;
    records.varint(flagSets.indexOf(bits));
    records.varint(id - previousId - 1);
    previousId = id;
    text();
    if (bits & Bit.notes) text();
    if (!(bits & Bit.sameTags)) records.varint(lists.tags.ref(lists.tagIds[index]!));
    text();
    if (bits & Bit.street2) text();
    if (!(bits & Bit.sameCity)) {
      const city = values.city[index]!;
      records.varint(cities.ref(city, literals));
      cityIndex = cities.rankOf(city);
    }
    if (!(bits & Bit.sameState)) records.varint(states.ref(values.state[index]!, literals));
    text();
    if (!(bits & Bit.sameCountry)) {
      records.varint(codes.ref(values.code[index]!, literals));
      records.varint(displays.ref(values.display[index]!, literals));
    }
    const latitude = values.latitude[index]!;
    const longitude = values.longitude[index]!;
    records.zigzag((latitude - coordinates.latitude(cityIndex)) / quantum);
    records.zigzag((longitude - coordinates.longitude(cityIndex)) / quantum);
    coordinates.record(cityIndex, latitude, longitude);
    const siteCreated = values.created[index]!;
    records.zigzag(siteCreated - created);
    created = siteCreated;
    if (bits & Bit.lrr) {
      const siteLrr = values.lrr[index]!;
      records.zigzag(siteLrr - lrr);
      lrr = siteLrr;
    }
    if (bits & Bit.eid) text();
    const keySet = lists.scoreKeyIds[index]!;
    if (!(bits & Bit.sameScoreKeys)) records.varint(lists.scoreKeys.ref(keySet));
    if (keySet >= 0) {
      const end = scoreAt + lists.scoreKeys.lists[keySet]!.length;
      for (; scoreAt < end; scoreAt += 1) records.varint(values.scores[scoreAt]! + 1);
    }
    if (!(bits & Bit.sameLatest)) records.varint(lists.latest.ref(lists.latestIds[index]!));
    if (bits & Bit.incidentDate) {
      const day = values.incidentDay![index]!;
      records.zigzag(day - incidentDay);
      incidentDay = day;
    }
    if (!(bits & Bit.sameClasses)) records.varint(lists.classes.ref(lists.classIds[index]!));
    if (!(bits & Bit.sameClassificationView)) records.varint(views.ref(values.view[index]!, literals));
    if (!(bits & Bit.sameGeocodeType)) records.varint(geocodeTypes.ref(values.geocodeType[index]!, literals));
  }

  // The header is written in two parts around the string bytes, and the result is assembled once
  // at its exact size: no buffer regrown to megabytes, no final copy of one.
  const head = new ByteWriter();
  for (const byte of MAGIC) head.byte(byte);
  head.varint(count);
  const columns = [cities, states, codes, displays, tagNames, views, geocodeTypes];
  const strings = [...words.entries, ...columns.flatMap((column) => column.entries), ...templates.entries, ...literals];
  head.varint(strings.length);
  for (const value of strings) head.varint(value.length);
  const blob = utf8Encode(strings.join(''));
  head.varint(blob.length);
  const tables = new ByteWriter();
  tables.varint(words.entries.length);
  for (const column of columns) tables.varint(column.entries.length);
  tables.varint(templates.entries.length);
  tables.varint(lists.tags.entries.length);
  for (const list of lists.tags.entries) {
    tables.varint(list.length);
    for (const tag of list) tables.varint(tagNames.indexOf(tag));
  }
  tables.varint(lists.classes.entries.length);
  for (const list of lists.classes.entries) {
    tables.varint(list.length);
    for (const value of list) tables.zigzag(value);
  }
  tables.varint(lists.scoreKeys.entries.length);
  for (const keys of lists.scoreKeys.entries) {
    tables.varint(keys.length);
    for (const key of keys) tables.zigzag(Number(key));
  }
  tables.varint(lists.latest.entries.length);
  for (const [r, p, f] of lists.latest.entries) {
    tables.zigzag(r!);
    tables.zigzag(p!);
    tables.zigzag(f!);
  }
  tables.varint(flagSets.entries.length);
  for (const bits of flagSets.entries) tables.varint(bits);
  tables.varint(quantum);
  return concatBytes([head.view(), blob, tables.view(), records.view()]);
}

/** The greatest common divisor of two whole numbers of either sign (0 with 0 is 0). */
function greatestCommonDivisor(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) {
    const rest = x % y;
    x = y;
    y = rest;
  }
  return x;
}

/** The chunks one after another in one new array. */
function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
