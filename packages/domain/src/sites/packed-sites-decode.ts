/** The decoder of the packed site list; packed-sites.ts documents the format. */
import type { PackedSite, PackedSiteIncidents, PackedSiteLatestReport } from './packed-sites';
import { Bit, ByteReader, CoordinateReference, corrupt, DateText, MAGIC, TEMPLATE_HEADER, utf8Decode } from './packed-sites-io';
import { templateParts } from './packed-sites-templates';

const EMPTY_TAGS: readonly string[] = Object.freeze([]);
const EMPTY_CLASSES: readonly number[] = Object.freeze([]);

/** Numbers as text, cached: zip codes, store numbers and house numbers repeat across sites. */
class NumberText {
  private readonly plain = new Map<number, string>();
  private readonly spaced = new Map<number, string>();

  /** The digits of a number token code (value × 4 + leading zeros), with a leading space when `spaced`. */
  text(code: number, spaced: boolean): string {
    const cache = spaced ? this.spaced : this.plain;
    let text = cache.get(code);
    if (text === undefined) {
      const zeros = code % 4;
      const digits = String((code - zeros) / 4);
      text = (spaced ? ' ' : '') + (zeros === 0 ? digits : '0'.repeat(zeros) + digits);
      cache.set(code, text);
    }
    return text;
  }
}

/**
 * Unpacks a list written by {@link encodePackedSites}: sites in ascending siteId with every field
 * of {@link PackedSite}. Tag lists, class lists and `l` are shared between sites that have the
 * same value and are frozen (changing one throws instead of changing other sites); every other
 * object is the site's own. Throws when the bytes are not a well-formed version-2 packed list.
 */
export function decodePackedSites(bytes: Uint8Array): PackedSite[] {
  const reader = new ByteReader(bytes);
  for (const byte of MAGIC) if (bytes[reader.position++] !== byte) corrupt('it does not start with the RAS2 signature (format version 2)');
  const siteCount = reader.varint();
  const stringCount = reader.varint();
  // Every site and string takes at least one byte: larger counts are damage, not data.
  if (siteCount > bytes.length || stringCount > bytes.length) corrupt('a count is larger than the data');
  const lengths = new Array<number>(stringCount);
  for (let index = 0; index < stringCount; index += 1) lengths[index] = reader.varint();
  const blobLength = reader.varint();
  if (reader.position + blobLength > bytes.length) corrupt('it ends early');
  const blob = utf8Decode(bytes.subarray(reader.position, reader.position + blobLength));
  reader.position += blobLength;
  const strings = new Array<string>(stringCount);
  for (let index = 0, at = 0; index < stringCount; index += 1) {
    const end = at + lengths[index]!;
    if (end > blob.length) corrupt('a string runs past the text block');
    strings[index] = blob.slice(at, end);
    at = end;
  }
  let cursor = 0;
  const take = (): string[] => {
    const size = reader.varint();
    if (cursor + size > stringCount) corrupt('a dictionary runs past the strings');
    cursor += size;
    return strings.slice(cursor - size, cursor);
  };
  const words = take();
  const cities = take();
  const states = take();
  const codes = take();
  const displays = take();
  const tagNames = take();
  const views = take();
  const geocodeTypes = take();
  const templates = take().map(templateParts);
  let literal = cursor;

  const readLists = <T>(item: () => T): (readonly T[])[] => {
    const lists: (readonly T[])[] = [];
    for (let count = reader.varint(), index = 0; index < count; index += 1) {
      const list: T[] = [];
      for (let length = reader.varint(), position = 0; position < length; position += 1) list.push(item());
      lists.push(Object.freeze(list));
    }
    return lists;
  };
  const tagLists = readLists(() => tagNames[reader.varint()] ?? corrupt('a tag is missing'));
  const classLists = readLists(() => reader.zigzag());
  const scoreKeySets = readLists(() => String(reader.zigzag()));
  // A site's scores are copied from a template of its key set: twice as fast as adding keys one by one.
  const scoreTemplates = scoreKeySets.map((keys) => Object.fromEntries(keys.map((key) => [key, 0])) as Record<string, number>);
  const latestReports: Readonly<PackedSiteLatestReport>[] = [];
  for (let count = reader.varint(), index = 0; index < count; index += 1) {
    latestReports.push(Object.freeze({ r: reader.zigzag(), p: reader.zigzag(), f: reader.zigzag() }));
  }
  const flagSets: number[] = [];
  for (let count = reader.varint(), index = 0; index < count; index += 1) flagSets.push(reader.varint());
  const quantum = reader.varint();
  if (quantum === 0) corrupt('the coordinate step is 0');

  const nextLiteral = (): string => (literal < stringCount ? strings[literal++]! : corrupt('the literal strings run out'));
  const stringRef = (dictionary: readonly string[]): string | null => {
    const ref = reader.varint();
    if (ref === 0) return null;
    if (ref === 1) return nextLiteral();
    return dictionary[ref - 2] ?? corrupt('a string reference is out of range');
  };
  const listRef = <T>(dictionary: readonly T[]): T | null => {
    const ref = reader.varint();
    return ref === 0 ? null : (dictionary[ref - 1] ?? corrupt('a list reference is out of range'));
  };
  // Words with their leading space, made once each: a text is then one concatenation per token.
  const spacedWords = new Array<string | undefined>(words.length);
  const numbers = new NumberText();
  const token = (spaced: boolean): string => {
    const code = reader.varint();
    if (code % 2 === 0) {
      const position = code / 2;
      if (!spaced) return words[position] ?? corrupt('a word reference is out of range');
      return (spacedWords[position] ??= ` ${words[position] ?? corrupt('a word reference is out of range')}`);
    }
    if (code === 1) return spaced ? ` ${nextLiteral()}` : nextLiteral();
    return numbers.text((code - 3) / 2, spaced);
  };
  const templateText = (header: number): string => {
    const parts = templates[header - TEMPLATE_HEADER] ?? corrupt('a template reference is out of range');
    let value = parts[0]!;
    for (let index = 1; index < parts.length; index += 1) value += numbers.text(reader.varint(), false) + parts[index]!;
    return value;
  };
  const text = (): string | null => {
    const header = reader.varint();
    if (header < 2) return header === 0 ? null : '';
    if (header >= TEMPLATE_HEADER) return templateText(header);
    // Token headers are below TEMPLATE_HEADER (at most 50 tokens): bitwise operators are safe on them.
    const count = header >>> 1;
    if (count === 1) {
      if (header & 1) reader.varint();
      return token(false);
    }
    if (!(header & 1)) {
      let value = token(false);
      for (let index = 1; index < count; index += 1) value += token(true);
      return value;
    }
    // The glue mask may pass 32 bits: no bitwise operators on it.
    let glue = reader.varint();
    let value = token(false);
    for (let index = 1; index < count; index += 1) {
      value += token(glue % 2 === 0);
      glue = Math.floor(glue / 2);
    }
    return value;
  };

  const dates = new DateText();
  const coordinates = new CoordinateReference(cities.length);
  const sites = new Array<PackedSite>(siteCount);
  let siteId = 0;
  let created = 0;
  let lrr = 0;
  let incidentDay = 0;
  let tags: readonly string[] | null = null;
  let city: string | null = null;
  let cityIndex = -1;
  let state: string | null = null;
  let countryCode: string | null = null;
  let countryDisplay: string | null = null;
  let scoreKeys: readonly string[] | null = null;
  let scoreTemplate: Record<string, number> | null = null;
  let latest: Readonly<PackedSiteLatestReport> | null = null;
  let classes: readonly number[] | null = null;
  let view: string | null = null;
  let geocodeType: string | null = null;

  for (let index = 0; index < siteCount; index += 1) {
    const flags = flagSets[reader.varint()] ?? corrupt('a flag set reference is out of range');
    siteId += reader.varint() + 1;
    const siteName = text() ?? '';
    const notes = flags & Bit.notes ? text() : null;
    if (!(flags & Bit.sameTags)) tags = listRef(tagLists);
    const street = text();
    const street2 = flags & Bit.street2 ? text() : null;
    if (!(flags & Bit.sameCity)) {
      const ref = reader.varint();
      cityIndex = ref >= 2 ? ref - 2 : -1;
      city = ref === 0 ? null : ref === 1 ? nextLiteral() : (cities[cityIndex] ?? corrupt('a city reference is out of range'));
    }
    if (!(flags & Bit.sameState)) state = stringRef(states);
    const zipCode = text();
    if (!(flags & Bit.sameCountry)) {
      countryCode = stringRef(codes);
      countryDisplay = stringRef(displays);
    }
    const latitude = reader.zigzag() * quantum + coordinates.latitude(cityIndex);
    const longitude = reader.zigzag() * quantum + coordinates.longitude(cityIndex);
    coordinates.record(cityIndex, latitude, longitude);
    created += reader.zigzag();
    const createdText = dates.seconds(created);
    let lrrText: string | null = null;
    if (flags & Bit.lrr) {
      lrr += reader.zigzag();
      lrrText = dates.seconds(lrr);
    }
    const eid = flags & Bit.eid ? text() : null;
    if (!(flags & Bit.sameScoreKeys)) {
      const ref = reader.varint();
      scoreKeys = ref === 0 ? null : (scoreKeySets[ref - 1] ?? corrupt('a score key set reference is out of range'));
      scoreTemplate = ref === 0 ? null : scoreTemplates[ref - 1]!;
    }
    let scores: Record<string, number>;
    if (scoreKeys === null) scores = {};
    else {
      scores = { ...scoreTemplate };
      for (const key of scoreKeys) scores[key] = reader.varint() - 1;
    }
    if (!(flags & Bit.sameLatest)) latest = listRef(latestReports);
    let incidents: PackedSiteIncidents | null = null;
    if (flags & Bit.incidents) {
      let incidentDate: string | null = null;
      if (flags & Bit.incidentDate) {
        incidentDay += reader.zigzag();
        incidentDate = dates.day(incidentDay);
      }
      incidents = {
        r: incidentDate,
        b: (flags & Bit.incidentBlock) !== 0,
        s: (flags & Bit.incidentQuarterMile) !== 0,
        l: (flags & Bit.incidentThreeMiles) !== 0,
      };
    }
    if (!(flags & Bit.sameClasses)) classes = listRef(classLists);
    if (!(flags & Bit.sameClassificationView)) view = stringRef(views);
    if (!(flags & Bit.sameGeocodeType)) geocodeType = stringRef(geocodeTypes);

    sites[index] = {
      siteId,
      siteName,
      notes,
      tags: tags ?? EMPTY_TAGS,
      street,
      street2,
      city,
      state,
      zipCode,
      countryCode: countryCode ?? '',
      countryDisplay: countryDisplay ?? '',
      latitude: latitude / 1e7,
      longitude: longitude / 1e7,
      ct: flags & 3,
      created: createdText,
      lrr: lrrText,
      eid,
      s: scores,
      l: latest,
      i: incidents,
      classes: classes ?? EMPTY_CLASSES,
      classificationView: view,
      geocodeType,
    };
  }
  if (reader.position !== bytes.length) corrupt('bytes are left after the last site');
  return sites;
}
