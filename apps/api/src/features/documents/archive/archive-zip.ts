import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/**
 * Most bytes of the zip in memory at once, between what is added and what the file has written.
 * yazl has no backpressure of its own towards the code adding entries, so each addition waits
 * until the output is back under this window: memory holds about one document, however many
 * reports the archive has.
 */
const WINDOW_BYTES = 4 * 2 ** 20;

/** A zip written to a file as entries are added. */
export interface ZipSpool {
  /**
   * Adds an entry and resolves once the output has drained under the window. `compress` false
   * stores it as it is (PDFs and xlsx files are compressed already: deflating them again costs
   * time and saves nothing).
   */
  addBuffer(name: string, body: Buffer, options: { compress: boolean }): Promise<void>;
  /** Adds a file's content as the next entry (deflated), read as the zip is written. */
  addFile(name: string, path: string): Promise<void>;
  /** Writes the central directory and resolves when the file is complete. */
  finish(): Promise<void>;
  /** Stops writing after a failure: the streams close and the file handle is released. */
  abort(): void;
}

/** Starts a zip at `path` (an existing spool file); every entry is dated `mtime`. */
export function createZipSpool(path: string, mtime: Date): ZipSpool {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const file = createWriteStream(path);
  // yazl reports a broken entry on the ZipFile, not on its output: end the pipeline with it.
  zip.on('error', (error: Error) => output.destroy(error));
  const written = pipeline(output, file);
  let failure: unknown;
  written.catch((error: unknown) => {
    failure = error;
  });

  const settle = async (): Promise<void> => {
    for (;;) {
      // Let the pipe move what was just added before measuring.
      await new Promise((resolve) => setImmediate(resolve));
      if (failure !== undefined) throw failure;
      if (output.readableLength + file.writableLength <= WINDOW_BYTES) return;
      if (file.writableNeedDrain) await Promise.race([once(file, 'drain'), written]);
    }
  };

  return {
    async addBuffer(name, body, options) {
      // Not yazl's addBuffer: each of its entries keeps its buffer until the zip is finished (the
      // central directory's records hold the closure that writes it), so memory would grow by the
      // archive's size. A stream that has been read holds nothing.
      const source = new PassThrough();
      source.end(body);
      zip.addReadStream(source, name, { mtime, compress: options.compress, size: body.length });
      // yazl writes one entry at a time and queues the rest: wait until this one has been read
      // whole, so that entries cannot pile up faster than the file takes them.
      await Promise.race([once(source, 'end'), written]);
      await settle();
    },
    async addFile(name, filePath) {
      zip.addReadStream(createReadStream(filePath), name, { mtime, compress: true });
      await settle();
    },
    async finish() {
      zip.end();
      await written;
    },
    abort() {
      output.destroy();
      file.destroy();
    },
  };
}
