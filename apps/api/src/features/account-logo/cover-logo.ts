import { inflateSync } from 'node:zlib';
import { logoImageType } from '@riskatlas/domain';
import type { AccountRow } from '../../db/schema/index';
import type { FileStore } from '../../platform/files/file-store';
import { storedLogo } from './account-logo.service';

/** Most pixels a logo drawn on a PDF cover may have: a bigger one is left out rather than decoded per PDF. */
const MAX_COVER_LOGO_PIXELS = 4096 * 4096;

/**
 * The account's logo for its PDF covers: the stored bytes when the account allows personalisation,
 * has a logo, and the logo can be drawn; otherwise undefined. Never rejects: a missing or broken
 * logo leaves the cover without it rather than failing the PDF.
 */
export async function coverLogo(fileStore: FileStore, account: Pick<AccountRow, 'id' | 'allowPersonalize' | 'logoContentType'>): Promise<Buffer | undefined> {
  if (!account.allowPersonalize || !account.logoContentType) return undefined;
  try {
    const bytes = await storedLogo(fileStore, account.id);
    return bytes && drawable(bytes) ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether pdfkit can draw the image without failing. A JPEG is embedded as it is (pdfkit reads
 * only its header, synchronously). A PNG with transparency or interlacing is decoded by pdfkit in
 * a zlib callback, where a corrupt image would throw outside any caller: so a PNG's image data is
 * inflated here first, and one too large to decode per PDF is left out.
 */
function drawable(bytes: Buffer): boolean {
  const type = logoImageType(bytes);
  if (type === 'image/jpeg') return true;
  if (type !== 'image/png') return false;
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  // PNG: 8-byte signature, then chunks of length (4), type (4), data, CRC (4); IHDR comes first.
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length !== length) return false;
    if (at === 8) {
      if (type !== 'IHDR' || length < 8) return false;
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    }
    if (type === 'IDAT') idat.push(data);
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (width === 0 || height === 0 || width * height > MAX_COVER_LOGO_PIXELS || idat.length === 0) return false;
  try {
    // 16-bit RGBA is 8 bytes a pixel, plus a filter byte a row: nothing valid inflates beyond that.
    inflateSync(Buffer.concat(idat), { maxOutputLength: height * (1 + width * 8) });
    return true;
  } catch {
    return false;
  }
}
