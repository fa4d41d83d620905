import { unique } from './context';

/** A multipart/form-data body with one file field, as a browser's file input sends it. */
export function multipart(field: string, filename: string, contentType: string, bytes: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----riskatlas-${unique()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
