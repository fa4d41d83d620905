/**
 * `Content-Disposition: attachment` for a download, with the file name twice: an ASCII fallback in
 * `filename` for old clients, and the exact name in `filename*` as UTF-8 percent-encoding
 * (RFC 6266 with RFC 5987/8187), which every current browser prefers.
 */
export function attachmentDisposition(filename: string): string {
  const name = filename.replace(/[\r\n]/g, ' ').trim() || 'download';
  const fallback = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** RFC 5987 `value-chars`: percent-encode everything but attr-char. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
