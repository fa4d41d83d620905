/**
 * The packed site list of GET m/sites: every Site field (ZSite) in about
 * a tenth of the bytes of JSON (49 bytes a site on real store addresses tiled to 100,000 sites,
 * 56 on the same stores once each, 38 on the synthetic portfolio, against 476–507 for JSON),
 * before any HTTP compression. Encoder and decoder use only
 * Uint8Array, TextEncoder and TextDecoder, so both run in Node and in the browser.
 *
 * FORMAT, version 2 (version 1 had no templates and no coordinate step)
 * -----------------
 * varint  — unsigned LEB128: 7 bits per byte, least significant group first, high bit = more.
 *           Values up to 2^53 are allowed.
 * zigzag  — a signed integer n written as the varint of 2n (n ≥ 0) or −2n−1 (n < 0).
 * sref    — a string reference into one string dictionary D: varint 0 = null, 1 = the next string
 *           of the literal stream, k ≥ 2 = D[k − 2].
 * lref    — a reference into one list/record dictionary L: varint 0 = none (empty list or null),
 *           k ≥ 1 = L[k − 1].
 * text    — a free-text value (siteName, notes, street, street2, zipCode, eid):
 *             varint h: 0 = null; 1 = '';
 *             2 ≤ h < 102 — as tokens: n = h >> 1 tokens (1 ≤ n ≤ 50) and g = h & 1.
 *             if g = 1: varint mask — bit k set means token k+1 follows token k directly;
 *                       otherwise (and for every clear bit) tokens are joined by one space.
 *             n varints t: t even = word dictionary entry t/2; t = 1 = the next literal;
 *                          t odd ≥ 3 = a number: v = (t − 3)/2, digits = v mod 4 zeros then
 *                          String(floor(v / 4)).
 *             h ≥ 102 — template dictionary entry T = h − 102, then one varint v (as above) per
 *                          U+0000 in T: the text is T with each U+0000 replaced by v's digits.
 *           A template is a text's tokens with every number token replaced by U+0000 (joined as
 *           the glue says). Texts whose template is used twice or more in the list are written
 *           this way — a chain's 'Store #', '#-#' ids, notes and postcodes, and an import's
 *           repeated streets and names; a text holding U+0000 itself never is.
 *           A token is a run of ASCII digits or a run of other non-space characters. Digit runs
 *           become numbers when they have at most 3 leading zeros and at most 9 further digits.
 *           A value with leading, trailing or repeated spaces, or more than 50 tokens, is one
 *           token holding the whole value.
 *
 * Header
 *   4 bytes   'R' 'A' 'S' 0x02 (magic and version)
 *   varint    site count
 *   varint    string count S, then S varints: each string's length in UTF-16 code units
 *   varint    byte length B, then B bytes: the S strings concatenated, UTF-8 (one decode call)
 *   The strings are, in order: the 8 string dictionaries (sizes below), then the literal stream —
 *   strings used once, in the order the records read them.
 *   9 varints sizes of the string dictionaries: words, city, state, countryCode, countryDisplay,
 *             tags, classificationView, geocodeType, templates. Each holds the values written
 *             twice or more (tags: every tag, as lists name them by index; words: only those
 *             written as tokens), most used first, so common values take one byte; a value
 *             written once is a literal instead.
 *   Tag lists:      varint count; each: varint length, then that many tag dictionary indexes.
 *   Class lists:    varint count; each: varint length, then that many zigzag class ids.
 *   Score key sets: varint count; each: varint length, then that many zigzag methodology ids.
 *   Latest reports: varint count; each: zigzag r (release year), zigzag p (product), zigzag f (features).
 *   Flag sets:      varint count; each: varint flags (the bits below), most used first.
 *   Coordinate step: varint q ≥ 1 — every coordinate in 1e-7 degrees is a multiple of q (100 when
 *                   all have at most 5 decimals), and coordinate deltas are written divided by q.
 *
 * Records, one per site, in ascending siteId
 *   varint   index into the flag sets: the site's flags. bits 0–1 ct; "same" bits mean "as the
 *            previous site" and nothing is written for that field (the first site's "previous"
 *            is all null/empty):
 *            2 same countryCode and countryDisplay   3 same state   4 same city
 *            5 same geocodeType   6 same classificationView   7 same score key set
 *            8 same latest report (l)   9 same class list   10 same tag list
 *            11 notes present   12 street2 present   13 eid present   14 lrr present
 *            15 i present   16 i.b   17 i.s   18 i.l   19 i.r present; higher bits zero
 *   varint   siteId − previous siteId − 1 (previous starts at 0)
 *   text     siteName
 *   text     notes                                  if bit 11
 *   lref     tag list                               unless bit 10
 *   text     street
 *   text     street2                                if bit 12
 *   sref     city                                   unless bit 4
 *   sref     state                                  unless bit 3
 *   text     zipCode
 *   sref     countryCode, then sref countryDisplay  unless bit 2
 *   zigzag   (round(latitude × 1e7) − reference latitude) / q
 *   zigzag   (round(longitude × 1e7) − reference longitude) / q
 *            The reference is the last earlier site in the same city (same dictionary entry),
 *            else the previous site, else 0: sites near each other cost 3 bytes a coordinate.
 *   zigzag   created in Unix seconds − the previous site's created (starts at 0)
 *   zigzag   lrr in Unix seconds − the previous lrr written (starts at 0)    if bit 14
 *   text     eid                                    if bit 13
 *   lref     score key set                          unless bit 7
 *   varint   score + 1 for each key of the site's key set, in the set's order (scores ≥ −1)
 *   lref     latest report l                        unless bit 8
 *   zigzag   i.r in days since 1970-01-01 − the previous i.r written (starts at 0)   if bits 15, 19
 *   lref     class list                             unless bit 9
 *   sref     classificationView                     unless bit 6
 *   sref     geocodeType                            unless bit 5
 *   The record stream ends exactly at the end of the buffer.
 *
 * Precision: coordinates keep 7 decimals, created and lrr whole seconds (decoded as
 * ISO text ending '.000Z'), i.r whole days (decoded as 'YYYY-MM-DD'). Strings are UTF-8, so a
 * lone surrogate comes back as U+FFFD, as it would through JSON over HTTP.
 */

import type { TSite } from '../schemas/sites';

/** The media type GET m/sites answers with. */
export const PACKED_SITES_MEDIA_TYPE = 'application/x-riskatlas-sites';

/** The latest report of a site (Site.l): release year, product id, feature flags. */
export interface PackedSiteLatestReport {
  r: number;
  p: number;
  f: number;
}

/** Incident indicators (Site.i): last incident date, in block group, within ¼ mile, within 3 miles. */
export interface PackedSiteIncidents {
  /** Last incident date, 'YYYY-MM-DD', or null. */
  r: string | null;
  b: boolean;
  s: boolean;
  l: boolean;
}

/** A site as the packed list carries it: every Site field. */
export interface PackedSite {
  siteId: number;
  siteName: string;
  notes: string | null;
  /** Shared between sites with the same list, and frozen. */
  tags: readonly string[];
  street: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  countryCode: string;
  countryDisplay: string;
  /** Degrees, 7 decimals. */
  latitude: number;
  longitude: number;
  /** Community type: 0 Rural, 1 Suburban, 2 Urban, 3 Unknown. */
  ct: number;
  /** ISO 8601 UTC, whole seconds ('2024-03-05T14:07:00.000Z'). */
  created: string;
  /** Last report date, ISO 8601 UTC whole seconds, or null. */
  lrr: string | null;
  /** External id (its label is the account's externalIDName). */
  eid: string | null;
  /** Scores keyed by methodology id ('2': 345). */
  s: Record<string, number>;
  /** Shared between sites with the same value, and frozen. */
  l: Readonly<PackedSiteLatestReport> | null;
  i: PackedSiteIncidents | null;
  /** Classification ids; shared between sites with the same list, and frozen. */
  classes: readonly number[];
  classificationView: string | null;
  geocodeType: string | null;
}

// Compile-time check against the JSON contract (schemas/sites.ts): a GET sites list item can be
// used wherever a PackedSite is read. The other way round only tags and classes differ: read-only
// here, because the decoder shares them between sites.
const _jsonSiteReadsAsPacked = (site: TSite): PackedSite => site;

/** A date the encoder accepts: ISO text, a Date, or milliseconds since the epoch. */
export type PackedDateInput = string | Date | number;

/** What {@link encodePackedSites} takes: a {@link PackedSite} whose dates may be Dates or numbers and whose lists may be read-only. */
export interface PackedSiteInput
  extends Omit<PackedSite, 'created' | 'lrr' | 'i' | 'tags' | 'classes' | 's' | 'countryCode' | 'countryDisplay' | 'ct'> {
  countryCode: string | null;
  countryDisplay: string | null;
  ct: number | null;
  created: PackedDateInput;
  lrr: PackedDateInput | null;
  tags: readonly string[] | null;
  classes: readonly number[] | null;
  /** Scores; a null or undefined score is left out. */
  s: Readonly<Record<string, number | null | undefined>> | null;
  /**
   * The keys of `s` whose score is present, in order, when the caller knows them: the encoder then
   * reads these instead of enumerating `s` (enumerating integer keys allocates on every site). It
   * must name exactly the present scores; callers share one array between sites with the same keys.
   */
  scoreKeys?: readonly string[];
  i: { r: PackedDateInput | null; b: boolean; s: boolean; l: boolean } | null;
}

/**
 * Sites for {@link encodePackedSites} held in another form than an array of objects (the API's
 * database rows): the encoder asks for each site as a {@link PackedSiteInput} and never holds more
 * than two at once, so a source may answer from two objects it refills in turn — 100,000 sites
 * then cost no object each.
 */
export interface PackedSiteSource {
  /** How many sites. */
  readonly length: number;
  /** The id of site `index` (the encoder orders by it before asking for sites). */
  siteId(index: number): number;
  /**
   * Site `index`. The object answered may be changed by the call after next: the encoder reads
   * the current site and the one before it, never older ones.
   */
  site(index: number): PackedSiteInput;
}

export { encodePackedSites } from './packed-sites-encode';
export { decodePackedSites } from './packed-sites-decode';
