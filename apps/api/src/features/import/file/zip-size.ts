/**
 * The unpacked size a zip declares for its entries, read from its central directory without
 * unpacking anything: a workbook of a few MB can unpack to gigabytes of XML (a zip bomb), which the
 * streaming reader would otherwise unpack and keep in memory (shared strings). Sizes a zip declares
 * can lie; the row and cell limits of the intake still bound what a liar gets kept.
 */

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535 bytes. */
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

/**
 * The sum of the declared unpacked sizes of the zip's entries; undefined when the central directory
 * cannot be read (a damaged zip) or uses ZIP64 (sizes beyond 4 GB, which no workbook needs).
 */
export function declaredUnpackedBytes(zip: Buffer): number | undefined {
  const end = endRecordOffset(zip);
  if (end === undefined) return undefined;
  const entries = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) return undefined;
  let offset = directoryOffset;
  let total = 0;
  for (let entry = 0; entry < entries; entry += 1) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY) return undefined;
    const unpacked = zip.readUInt32LE(offset + 24);
    if (unpacked === 0xffffffff) return undefined;
    total += unpacked;
    offset += 46 + zip.readUInt16LE(offset + 28) + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return total;
}

/** Where the end of central directory record starts, searched back from the end of the file. */
function endRecordOffset(zip: Buffer): number | undefined {
  const lowest = Math.max(0, zip.length - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  for (let offset = zip.length - END_RECORD_BYTES; offset >= lowest; offset -= 1) {
    if (zip.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return undefined;
}
