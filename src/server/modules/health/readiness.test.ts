import { describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../../storage/object-storage';
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

  it('says failing at once when a request found the dependency down, and sees the recovery on the next probe', async () => {
    const dep = dependency();
    const check = createDependencyCheck(dep.run, { waitMs: 5, failingWaitMs: 30, stuckMs: 30 });
    const first = check.probe();
    dep.calls[0]?.resolve();
    await first;
    check.failed(new StorageUnavailableError('unreachable', new Error('ECONNREFUSED')));
    // Its own check (begun during the outage) hangs past the patience: still failing.
    expect(await check.probe()).toEqual({ status: 'failing', problem: 'unreachable' });
    // Back: the next probe checks anew rather than joining the old check, and sees it.
    const next = check.probe();
    expect(dep.calls).toHaveLength(3);
    dep.calls[2]?.resolve();
    expect(await next).toEqual({ status: 'ok' });
    // The old check ending later says nothing.
    dep.calls[1]?.reject(new Error('ECONNREFUSED'));
    await settle();
    expect(await check.probe()).toEqual({ status: 'ok' });
  });

  it('counts a stuck check as failing, and a new check sees the dependency come back', async () => {
    const dep = dependency();
    const check = createDependencyCheck(dep.run, { waitMs: 5, failingWaitMs: 30, stuckMs: 30 });
    const first = check.probe();
    dep.calls[0]?.resolve();
    await first;
    expect(await check.probe()).toEqual({ status: 'ok' }); // check 2 hangs
    await new Promise((resolve) => setTimeout(resolve, 40));
    // Stuck: failing, and a new check starts (which hangs as well).
    expect(await check.probe()).toEqual({ status: 'failing', problem: 'unavailable' });
    expect(dep.calls).toHaveLength(3);
    const recovered = check.probe();
    expect(dep.calls).toHaveLength(4);
    dep.calls[3]?.resolve();
    expect(await recovered).toEqual({ status: 'ok' });
    dep.calls[1]?.reject(new Error('connection timed out'));
    dep.calls[2]?.reject(new Error('connection timed out'));
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
