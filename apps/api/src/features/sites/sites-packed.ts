import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { COUNTRY_IDS, countryCodeOf, countryNameOf, encodePackedSites, type PackedSiteInput, type PackedSiteLatestReport, type PackedSiteSource, type TSiteIncidents } from '@riskatlas/domain';
import { siteIncidentIndicators } from '@riskatlas/scoring';
import { SCORE_COLUMNS, summaryFrom, SummaryFrom, type AltSummary } from './site-presenter';
import { SiteCol, type SiteRowArray, type SummaryRelease } from './site-rows.repository';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const METHODOLOGY_KEYS = SCORE_COLUMNS.map((_, index) => String(index + 1));
/** The keys of the stored scores present, by bit mask of methodologies 1–4: one shared array per combination. */
const KEYS_BY_MASK = Array.from({ length: 1 << SCORE_COLUMNS.length }, (_, mask) => METHODOLOGY_KEYS.filter((_, index) => mask & (1 << index)));
const NO_ROW: SiteRowArray = [];
/** ISO-3 code and display name by country id ('' for an id not covered): the encoder asks for both of two sites per row. */
const COUNTRY_CODE: string[] = [];
const COUNTRY_NAME: string[] = [];
for (const id of COUNTRY_IDS) {
  COUNTRY_CODE[id] = countryCodeOf(id);
  COUNTRY_NAME[id] = countryNameOf(id);
}

/**
 * One site row seen as the encoder's input: each field read straight from the row array when the
 * encoder asks for it, so a row costs no copy into an object. The fields are those of GET sites
 * (writeSiteFields in site-presenter.ts makes the same mapping for the JSON list, where an object
 * per site is the answer itself), dates as epoch milliseconds; only the summary (s, l) is worked
 * out per row, into objects of its own.
 */
class RowSite implements PackedSiteInput {
  row = NO_ROW;
  s: Record<string, number | null> | null = null;
  scoreKeys: readonly string[] | undefined = undefined;
  l: PackedSiteLatestReport | null = null;
  readonly stored: Record<string, number | null> = {};
  readonly latest: PackedSiteLatestReport = { r: 0, p: 0, f: 0 };

  get siteId(): number {
    return this.row[SiteCol.siteId] as number;
  }
  get siteName(): string {
    return this.row[SiteCol.siteName] as string;
  }
  get notes(): string | null {
    return this.row[SiteCol.notes] as string | null;
  }
  get tags(): readonly string[] {
    return this.row[SiteCol.tags] as string[];
  }
  get street(): string | null {
    return this.row[SiteCol.street] as string | null;
  }
  get street2(): string | null {
    return this.row[SiteCol.street2] as string | null;
  }
  get city(): string | null {
    return this.row[SiteCol.city] as string | null;
  }
  get state(): string | null {
    return this.row[SiteCol.state] as string | null;
  }
  get zipCode(): string | null {
    return this.row[SiteCol.zipCode] as string | null;
  }
  get countryCode(): string {
    return COUNTRY_CODE[this.row[SiteCol.countryId] as number] ?? '';
  }
  get countryDisplay(): string {
    return COUNTRY_NAME[this.row[SiteCol.countryId] as number] ?? '';
  }
  get latitude(): number {
    return this.row[SiteCol.latitude] as number;
  }
  get longitude(): number {
    return this.row[SiteCol.longitude] as number;
  }
  get ct(): number {
    return this.row[SiteCol.ct] as number;
  }
  get created(): number {
    return this.row[SiteCol.created] as number;
  }
  get lrr(): number | null {
    return this.row[SiteCol.lrr] as number | null;
  }
  get eid(): string | null {
    return this.row[SiteCol.eid] as string | null;
  }
  get classes(): readonly number[] {
    return this.row[SiteCol.classes] as number[];
  }
  get geocodeType(): string | null {
    return this.row[SiteCol.geocodeType] as string | null;
  }
  get i(): TSiteIncidents | null {
    return siteIncidentIndicators(this.latitude, this.longitude);
  }
  // The product has no classification tree yet.
  get classificationView(): null {
    return null;
  }
}

/**
 * Site rows as the packed encoder's source (packages/domain/src/sites/packed-sites.ts). The encoder
 * holds at most two sites at once, so two {@link RowSite}s are pointed at rows in turn — with their
 * own scores and summary objects — and 100,000 rows make no object each: less work for the
 * garbage collector.
 */
export class PackedRowSource implements PackedSiteSource {
  private readonly even = new RowSite();
  private readonly odd = new RowSite();
  private turn = 0;

  constructor(
    private readonly rows: readonly SiteRowArray[],
    private readonly release: SummaryRelease,
  ) {}

  get length(): number {
    return this.rows.length;
  }

  siteId(index: number): number {
    return this.rows[index]![SiteCol.siteId] as number;
  }

  site(index: number): PackedSiteInput {
    this.turn ^= 1;
    const site = this.turn === 1 ? this.odd : this.even;
    const row = this.rows[index]!;
    site.row = row;
    const from = summaryFrom(row, this.release);
    if (from === SummaryFrom.none) {
      site.s = null;
      site.scoreKeys = undefined;
      site.l = null;
      return site;
    }
    const l = site.latest;
    site.l = l;
    if (from === SummaryFrom.alt) {
      const alt = row[SiteCol.alt] as AltSummary;
      l.r = alt[0];
      l.p = alt[1];
      l.f = alt[2];
      // Any methodology ids: the encoder reads the keys itself.
      site.s = alt[3];
      site.scoreKeys = undefined;
      return site;
    }
    l.r = row[SiteCol.lr] as number;
    l.p = row[SiteCol.lp] as number;
    l.f = row[SiteCol.lf] as number;
    const scores = site.stored;
    let mask = 0;
    for (let column = 0; column < SCORE_COLUMNS.length; column += 1) {
      const value = row[SCORE_COLUMNS[column]!] as number | null;
      scores[METHODOLOGY_KEYS[column]!] = value;
      if (value !== null) mask |= 1 << column;
    }
    site.s = scores;
    site.scoreKeys = KEYS_BY_MASK[mask];
    return site;
  }
}

/** A packed body, compressed when the client accepts it. */
export interface PackedBody {
  bytes: Buffer;
  /** The content-encoding applied, or null. */
  encoding: 'br' | 'gzip' | null;
  /** Bytes before compression. */
  packedBytes: number;
}

/** Compressed answers are worth it above this size. */
const COMPRESS_ABOVE = 1024;

/**
 * Compression levels: the packed list is dense already, so higher levels buy little. Measured on
 * 100,000 sites (4.4 MB): Brotli 3 → 3.31 MB in ~50 ms, Brotli 5 → 3.15 MB in ~410 ms; gzip 3 →
 * 3.31 MB in ~75 ms, gzip 6 → 3.27 MB in ~115 ms.
 */
const BROTLI_QUALITY = 3;
const GZIP_LEVEL = 3;

/** The packed list (packages/domain/src/sites/packed-sites.ts) of site rows, uncompressed, as a Buffer. */
export function encodeSiteRows(rows: readonly SiteRowArray[], release: SummaryRelease): Buffer {
  const packed = encodePackedSites(new PackedRowSource(rows, release));
  return Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
}

/** The content-encoding to use for a client's accept-encoding header: Brotli first, then gzip. */
export function chooseEncoding(acceptEncoding: string | undefined, size: number): PackedBody['encoding'] {
  if (size <= COMPRESS_ABOVE) return null;
  const accepts = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepts)) return 'br';
  if (/\bgzip\b/.test(accepts)) return 'gzip';
  return null;
}

/** Compresses a packed list off the event loop (zlib's thread pool); the app has no compression plugin, so this module does its own. */
export function compressPacked(raw: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
    : gzipAsync(raw, { level: GZIP_LEVEL });
}

/** A packed list as the client accepts it: compressed with Brotli or gzip when it says so and the list is worth it. */
export async function packedBody(raw: Buffer, acceptEncoding: string | undefined): Promise<PackedBody> {
  const encoding = chooseEncoding(acceptEncoding, raw.length);
  return { bytes: encoding ? await compressPacked(raw, encoding) : raw, encoding, packedBytes: raw.length };
}
