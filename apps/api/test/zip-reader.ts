import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

/** Every entry of a zip, in order, with its bytes (yauzl, the reader beside yazl). */
export async function unzip(zip: Buffer): Promise<{ name: string; body: Buffer }[]> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))));
  const entries: { name: string; body: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('error', reject);
    file.on('end', () => resolve());
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        buffer(stream).then((body) => {
          entries.push({ name: entry.fileName, body });
          file.readEntry();
        }, reject);
      });
    });
    file.readEntry();
  });
  return entries;
}
