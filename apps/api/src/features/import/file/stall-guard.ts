/**
 * A guard against a reader that stops without ending: some damaged zips leave exceljs's streaming
 * reader waiting forever for an event that never comes (found by the fuzz test). The reading side
 * marks progress (input consumed, rows produced); a wait longer than `stallMs` without any ends the
 * reading with an error instead of holding the request open.
 */
export class StallGuard {
  private lastProgress = Date.now();

  constructor(private readonly stallMs: number) {}

  /** Something moved: input was consumed or a row came out. */
  progress(): void {
    this.lastProgress = Date.now();
  }

  /** The items of `source`, failing with ReaderStalledError when it neither yields nor progresses for stallMs. */
  async *guard<T>(source: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
    const iterator = source[Symbol.asyncIterator]();
    let stalled = false;
    try {
      for (;;) {
        const result = await this.next(iterator).catch((error: unknown) => {
          stalled = error instanceof ReaderStalledError;
          throw error;
        });
        if (result.done) return;
        this.progress();
        yield result.value;
      }
    } finally {
      // A stalled reader cannot be asked to stop (its pending step never settles): it is left to the collector.
      if (!stalled) await iterator.return?.();
    }
  }

  private next<T>(iterator: AsyncIterator<T>): Promise<IteratorResult<T>> {
    return new Promise((resolve, reject) => {
      const timer = setInterval(() => {
        if (Date.now() - this.lastProgress <= this.stallMs) return;
        clearInterval(timer);
        reject(new ReaderStalledError(this.stallMs));
      }, Math.max(10, Math.floor(this.stallMs / 4)));
      iterator.next().then(
        (result) => {
          clearInterval(timer);
          resolve(result);
        },
        (error: unknown) => {
          clearInterval(timer);
          reject(error);
        },
      );
    });
  }
}

/** The reader made no progress for too long. */
export class ReaderStalledError extends Error {
  constructor(stallMs: number) {
    super(`The file reader made no progress for ${stallMs} ms.`);
    this.name = 'ReaderStalledError';
  }
}
