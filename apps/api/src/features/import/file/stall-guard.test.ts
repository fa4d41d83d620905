import { describe, expect, it } from 'vitest';
import { ReaderStalledError, StallGuard } from './stall-guard';

describe('StallGuard', () => {
  it('passes the items of a reader that keeps moving, however long it takes in all', async () => {
    async function* slow() {
      for (let index = 0; index < 5; index += 1) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        yield index;
      }
    }
    const items: number[] = [];
    for await (const item of new StallGuard(80).guard(slow())) items.push(item);
    expect(items).toEqual([0, 1, 2, 3, 4]);
  });

  it('ends a reader that waits forever with ReaderStalledError', async () => {
    async function* stuck() {
      yield 1;
      await new Promise(() => undefined);
    }
    const items: number[] = [];
    const started = Date.now();
    await expect(
      (async () => {
        for await (const item of new StallGuard(100).guard(stuck())) items.push(item);
      })(),
    ).rejects.toBeInstanceOf(ReaderStalledError);
    expect(items).toEqual([1]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
