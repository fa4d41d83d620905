import { isUtf8 } from 'node:buffer';
import { ImportMessages } from '@riskatlas/domain';
import { refusal } from './file-kind';

/**
 * The encoding of an uploaded text file, found from its bytes: a byte order mark when there is one
 * (then dropped), UTF-16 without one by its NUL bytes (ASCII text in UTF-16 has a NUL in every other
 * byte), else UTF-8 when every byte sequence is valid UTF-8, else Windows-1252 (what Excel on
 * Windows writes as "CSV"). The text is then decoded a slice at a time, never as one string.
 */
type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** How to decode a file: its encoding, how many bytes of byte order mark to skip, and whether that was a guess worth telling the user. */
export interface DetectedEncoding {
  encoding: TextEncoding;
  bomLength: number;
  /** A warning in words when the encoding was not certain; null when it was. */
  warning: string | null;
}

/** Bytes looked at to recognise UTF-16 without a byte order mark. */
const UTF16_SAMPLE_BYTES = 4096;
/** Bytes decoded at a time. */
const DECODE_SLICE_BYTES = 1 << 20;

/** The encoding of a text file's bytes. */
export function detectEncoding(bytes: Buffer): DetectedEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3, warning: null };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2, warning: null };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2, warning: null };
  const utf16 = utf16ByNulBytes(bytes);
  if (utf16) return { encoding: utf16, bomLength: 0, warning: null };
  if (isUtf8(bytes)) return { encoding: 'utf-8', bomLength: 0, warning: null };
  return { encoding: 'windows-1252', bomLength: 0, warning: 'The file is not UTF-8: it was read as Windows-1252 (Western European). If accented letters look wrong, save the file as "CSV UTF-8" and upload it again.' };
}

/** UTF-16 without a byte order mark: NUL bytes in most odd (little-endian) or even (big-endian) positions and almost none in the others. */
function utf16ByNulBytes(bytes: Buffer): TextEncoding | null {
  const pairs = Math.floor(Math.min(bytes.length, UTF16_SAMPLE_BYTES) / 2);
  if (pairs < 2) return null;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let pair = 0; pair < pairs; pair += 1) {
    if (bytes[pair * 2] === 0) evenNuls += 1;
    if (bytes[pair * 2 + 1] === 0) oddNuls += 1;
  }
  if (oddNuls >= pairs * 0.3 && evenNuls <= pairs * 0.05) return 'utf-16le';
  if (evenNuls >= pairs * 0.3 && oddNuls <= pairs * 0.05) return 'utf-16be';
  return null;
}

/** The text of the bytes in the encoding, a slice at a time (a character split between slices is kept whole). */
export function* decodedSlices(bytes: Buffer, detected: DetectedEncoding): Generator<string, void, undefined> {
  // ignoreBOM: the byte order mark, if any, is skipped by offset; a second one would be content.
  const decoder = new TextDecoder(detected.encoding, { ignoreBOM: true });
  for (let offset = detected.bomLength; offset < bytes.length; offset += DECODE_SLICE_BYTES) {
    const slice = decoder.decode(bytes.subarray(offset, Math.min(offset + DECODE_SLICE_BYTES, bytes.length)), { stream: true });
    if (slice) yield slice;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}

/** Control characters a table never holds; tab, line feed, carriage return and form feed are fine. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g;
/** More than this share of control characters is binary data, not text. */
const MAX_CONTROL_SHARE = 0.01;

/**
 * Refuses text that is binary data read as text: a NUL character anywhere, or more than 1% control
 * characters (random bytes read as Windows-1252 hold about 12%).
 */
export function assertLooksLikeText(bytes: Buffer, detected: DetectedEncoding, filename: string): void {
  let characters = 0;
  let controls = 0;
  for (const slice of decodedSlices(bytes, detected)) {
    characters += slice.length;
    if (slice.includes('\u0000')) throw refusal(ImportMessages.wrongType(filename));
    controls += slice.match(CONTROL)?.length ?? 0;
  }
  if (controls > characters * MAX_CONTROL_SHARE) throw refusal(ImportMessages.wrongType(filename));
}
