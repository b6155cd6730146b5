import { describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '#server/storage/object-storage';
import { createDependencyCheck } from './readiness';

/** A dependency whose answers the test gives by hand. */
function dependency() {
  const calls: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  return {
    calls,
    run: () =>
      new Promise<void>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createDependencyCheck', () => {
  it('waits for the first check, then answers within the wait with the last known state', async () => {
    const dep = dependency();
    const now = { value: 0 };
    const check = createDependencyCheck(dep.run, { waitMs: 5, clock: { now: () => now.value } });
    const first = check.probe();
    dep.calls[0]?.resolve();
    expect(await first).toEqual({ status: 'ok' });

    // The next check hangs: the probe answers the last state after the wait, without a new check.
    expect(await check.probe()).toEqual({ status: 'ok' });
    expect(await check.probe()).toEqual({ status: 'ok' });
    expect(dep.calls).toHaveLength(2);
  });

  it('answers a healthy state found within the last second at once, however slow the new check', async () => {
    const dep = dependency();
    const now = { value: 0 };
    // A wait this long would time the test out: the answers must not wait for the check.
    const check = createDependencyCheck(dep.run, { waitMs: 60_000, freshMs: 1_000, clock: { now: () => now.value } });
    const first = check.probe();
    dep.calls[0]?.resolve();
    expect(await first).toEqual({ status: 'ok' });
    now.value = 900;
    expect(await check.probe()).toEqual({ status: 'ok' });
    expect(dep.calls).toHaveLength(2); // a new check is under way, unanswered
    // Older than a second: the probe waits for the check again.
    now.value = 1_200;
    const stale = check.probe();
    const waited = await Promise.race([stale.then(() => 'answered'), settle().then(() => 'waiting')]);
    expect(waited).toBe('waiting');
    dep.calls[1]?.resolve();
    expect(await stale).toEqual({ status: 'ok' });
  });

  it('lets only its own checks decide: a request that met an error has it check now', async () => {
    const dep = dependency();
    const check = createDependencyCheck(dep.run, { waitMs: 5, failingWaitMs: 30, freshMs: 0 });
    const first = check.probe();
    dep.calls[0]?.resolve();
    await first;
    // A request met an error: a check starts at once, and the probe waits for it a little longer.
    check.doubt();
    expect(dep.calls).toHaveLength(2);
    const doubted = check.probe();
    expect(dep.calls).toHaveLength(2); // joined, not piled up
    dep.calls[1]?.reject(new StorageUnavailableError('unreachable', new Error('ECONNREFUSED')));
    expect(await doubted).toEqual({ status: 'failing', problem: 'unreachable' });
    // Failing: probes join the one check under way until it answers; its success shows.
    const next = check.probe();
    const again = check.probe();
    expect(dep.calls).toHaveLength(3);
    dep.calls[2]?.resolve();
    expect(await next).toEqual({ status: 'ok' });
    expect(await again).toEqual({ status: 'ok' });
  });

  it('answers the last state of its own, not a timeout, while a check waits behind others', async () => {
    const dep = dependency();
    const now = { value: 0 };
    const check = createDependencyCheck(dep.run, { waitMs: 5, stuckMs: 30_000, clock: { now: () => now.value } });
    const first = check.probe();
    dep.calls[0]?.resolve();
    await first;
    now.value = 2_000;
    expect(await check.probe()).toEqual({ status: 'ok' }); // check 2 waits (a busy queue, a blocked loop)
    now.value = 20_000;
    expect(await check.probe()).toEqual({ status: 'ok' });
    expect(dep.calls).toHaveLength(2);
  });

  it('counts a check stuck past its limit as failing, and a new check sees the dependency come back', async () => {
    const dep = dependency();
    const now = { value: 0 };
    const check = createDependencyCheck(dep.run, {
      waitMs: 5,
      failingWaitMs: 5,
      stuckMs: 30_000,
      clock: { now: () => now.value },
    });
    const first = check.probe();
    dep.calls[0]?.resolve();
    await first;
    now.value = 2_000;
    expect(await check.probe()).toEqual({ status: 'ok' }); // check 2 hangs
    now.value = 32_001;
    // Stuck: failing, and a new check starts (which hangs as well).
    expect(await check.probe()).toEqual({ status: 'failing', problem: 'unavailable' });
    expect(dep.calls).toHaveLength(3);
    const recovered = check.probe();
    dep.calls[2]?.resolve();
    expect(await recovered).toEqual({ status: 'ok' });
    // The check left behind ending later says nothing.
    dep.calls[1]?.reject(new Error('connection timed out'));
    await settle();
    expect(await check.probe()).toEqual({ status: 'ok' });
  });

  it('names the failure of a failed check', async () => {
    const dep = dependency();
    const failures: unknown[] = [];
    const check = createDependencyCheck(dep.run, { waitMs: 5, onFailure: (error) => failures.push(error) });
    const first = check.probe();
    dep.calls[0]?.reject(new Error('ECONNREFUSED'));
    expect(await first).toEqual({ status: 'failing', problem: 'unavailable' });
    expect(failures).toHaveLength(1);
  });
});
