import { describe, expect, it, vi } from 'vitest';
import { POLL_TIMEOUT_MS, type TTaskStatus } from '@riskatlas/domain';
import { makeTask } from '../test/fixtures';
import { ManualClock } from '../test/manual-clock';
import { ApiError } from './api-client';
import { isAbortError } from './clock';
import { TaskPollTimeoutError, pollTask } from './poll-task';

/** A status reader answering from a script, recording when each read happened. */
function scripted(clock: ManualClock, answers: (Partial<TTaskStatus> | Error)[]) {
  const at: number[] = [];
  const start = clock.now();
  const fetchStatus = vi.fn(async () => {
    at.push(clock.now() - start);
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next instanceof Error) throw next;
    return makeTask(next);
  });
  return { fetchStatus, at };
}

const serverError = () => new ApiError({ code: 'INTERNAL', message: 'x', status: 500 });

describe('pollTask', () => {
  it('polls every 5 s by default until the task is complete, reporting progress', async () => {
    const clock = new ManualClock();
    const { fetchStatus, at } = scripted(clock, [{ currentStatus: 0 }, { currentStatus: 1, countCompleted: 5, countTotal: 10 }, { currentStatus: 2 }]);
    const onProgress = vi.fn();
    const result = pollTask(1, { fetchStatus, clock, onProgress });
    await clock.advance(20_000);
    await expect(result).resolves.toMatchObject({ currentStatus: 2 });
    expect(at).toEqual([0, 5000, 10_000]);
    expect(onProgress).toHaveBeenCalledTimes(3);
  });

  it('stops at a failed task (-1) and clamps caller intervals into 1000–4000 ms', async () => {
    const clock = new ManualClock();
    const slow = scripted(clock, [{ currentStatus: 1 }, { currentStatus: -1, detail: 'Could not store the file.' }]);
    const result = pollTask(1, { fetchStatus: slow.fetchStatus, clock, intervalMs: 9000 });
    await clock.advance(10_000);
    await expect(result).resolves.toMatchObject({ currentStatus: -1 });
    expect(slow.at).toEqual([0, 4000]);

    const fast = scripted(clock, [{ currentStatus: 1 }, { currentStatus: 2 }]);
    const second = pollTask(2, { fetchStatus: fast.fetchStatus, clock, intervalMs: 200 });
    await clock.advance(5000);
    await second;
    expect(fast.at).toEqual([0, 1000]);
  });

  it('waits 100 ms longer after each failed read, and back to the interval after a success', async () => {
    const clock = new ManualClock();
    const { fetchStatus, at } = scripted(clock, [serverError(), serverError(), serverError(), { currentStatus: 1 }, { currentStatus: 2 }]);
    const result = pollTask(1, { fetchStatus, clock, intervalMs: 2000 });
    await clock.advance(20_000);
    await result;
    // reads at 0; +2100; +2200; +2300; then +2000
    expect(at).toEqual([0, 2100, 4300, 6600, 8600]);
  });

  it('runs the failure path after the 20-minute time-out', async () => {
    const clock = new ManualClock();
    const { fetchStatus } = scripted(clock, [{ currentStatus: 1 }]);
    const result = pollTask(1, { fetchStatus, clock });
    const outcome = result.catch((error: unknown) => error);
    await clock.advance(POLL_TIMEOUT_MS - 1000);
    expect(clock.pending).toBeGreaterThan(0);
    await clock.advance(1000);
    expect(await outcome).toBeInstanceOf(TaskPollTimeoutError);
    // Reads at 0, 5 s, … and a last one at the 20-minute mark.
    expect(fetchStatus.mock.calls.length).toBe(POLL_TIMEOUT_MS / 5000 + 1);
  });

  it('stops when aborted, without counting it as a failure', async () => {
    const clock = new ManualClock();
    const { fetchStatus } = scripted(clock, [{ currentStatus: 1 }]);
    const controller = new AbortController();
    const outcome = pollTask(1, { fetchStatus, clock, signal: controller.signal }).catch((error: unknown) => error);
    await clock.advance(6000);
    controller.abort();
    expect(isAbortError(await outcome)).toBe(true);
    await clock.advance(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });
});
